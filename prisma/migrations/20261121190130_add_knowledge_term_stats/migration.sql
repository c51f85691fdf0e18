-- CreateTable
CREATE TABLE "knowledge_term_stats" (
    "agent_id" UUID NOT NULL,
    "lexeme" TEXT NOT NULL,
    "document_count" BIGINT NOT NULL,

    CONSTRAINT "knowledge_term_stats_pkey" PRIMARY KEY ("agent_id","lexeme")
);

-- AddForeignKey
ALTER TABLE "knowledge_term_stats" ADD CONSTRAINT "knowledge_term_stats_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand: the document frequency of every word already indexed.
INSERT INTO "knowledge_term_stats" ("agent_id", "lexeme", "document_count")
SELECT "agent_id", word, count(*) FROM "knowledge_chunks", unnest(tsvector_to_array("search_vector")) word
GROUP BY "agent_id", word;

-- Written by hand: statement-level triggers keep knowledge_term_stats exact. A word whose count falls
-- to zero keeps its row (at zero): retrieval treats it as absent, and the row is reused if it returns.
-- Changes are grouped and ordered by key, so concurrent statements lock rows in the same order.
CREATE FUNCTION "knowledge_term_stats_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "knowledge_term_stats" AS s ("agent_id", "lexeme", "document_count")
  SELECT "agent_id", word, count(*) FROM added_rows, unnest(tsvector_to_array("search_vector")) word
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("agent_id", "lexeme") DO UPDATE SET "document_count" = s."document_count" + excluded."document_count";
  RETURN NULL;
END $$;

CREATE FUNCTION "knowledge_term_stats_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT new_row."agent_id" AS new_agent, new_row."search_vector" AS added, old_row."agent_id" AS old_agent, old_row."search_vector" AS removed
    FROM added_rows new_row JOIN removed_rows old_row ON old_row."id" = new_row."id"
    WHERE new_row."search_vector" IS DISTINCT FROM old_row."search_vector" OR new_row."agent_id" <> old_row."agent_id"
  ), delta AS (
    SELECT agent_id, word, sum(change) AS change FROM (
      SELECT new_agent AS agent_id, word, 1 AS change FROM changed, unnest(tsvector_to_array(added)) word
      UNION ALL
      SELECT old_agent, word, -1 FROM changed, unnest(tsvector_to_array(removed)) word
    ) words
    GROUP BY 1, 2 HAVING sum(change) <> 0
  )
  INSERT INTO "knowledge_term_stats" AS s ("agent_id", "lexeme", "document_count")
  SELECT agent_id, word, change FROM delta ORDER BY 1, 2
  ON CONFLICT ("agent_id", "lexeme") DO UPDATE SET "document_count" = s."document_count" + excluded."document_count";
  RETURN NULL;
END $$;

CREATE FUNCTION "knowledge_term_stats_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "knowledge_term_stats" s SET "document_count" = s."document_count" - d.n
  FROM (
    SELECT "agent_id", word, count(*) AS n FROM removed_rows, unnest(tsvector_to_array("search_vector")) word
    GROUP BY 1, 2 ORDER BY 1, 2
  ) d
  WHERE s."agent_id" = d."agent_id" AND s."lexeme" = d.word;
  RETURN NULL;
END $$;

CREATE TRIGGER "knowledge_term_stats_after_insert" AFTER INSERT ON "knowledge_chunks"
REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION "knowledge_term_stats_after_insert"();

CREATE TRIGGER "knowledge_term_stats_after_update" AFTER UPDATE ON "knowledge_chunks"
REFERENCING OLD TABLE AS removed_rows NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION "knowledge_term_stats_after_update"();

CREATE TRIGGER "knowledge_term_stats_after_delete" AFTER DELETE ON "knowledge_chunks"
REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION "knowledge_term_stats_after_delete"();
