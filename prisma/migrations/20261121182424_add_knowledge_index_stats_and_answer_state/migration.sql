-- AlterTable
ALTER TABLE "knowledge_chunks" ADD COLUMN     "term_count" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "answer_error" TEXT,
ADD COLUMN     "reply_to_id" UUID;

-- CreateTable
CREATE TABLE "knowledge_index_stats" (
    "agent_id" UUID NOT NULL,
    "language" TEXT NOT NULL,
    "chunk_count" BIGINT NOT NULL DEFAULT 0,
    "term_total" BIGINT NOT NULL DEFAULT 0,
    "embedded_count" BIGINT NOT NULL DEFAULT 0,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "knowledge_index_stats_pkey" PRIMARY KEY ("agent_id","language")
);

-- AddForeignKey
ALTER TABLE "knowledge_index_stats" ADD CONSTRAINT "knowledge_index_stats_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand: the length of every existing passage, then the statistics of what exists.
UPDATE "knowledge_chunks" SET "term_count" = (SELECT coalesce(sum(cardinality(u.positions)), 0) FROM unnest("search_vector") u)
WHERE "search_vector" IS NOT NULL;

INSERT INTO "knowledge_index_stats" ("agent_id", "language", "chunk_count", "term_total", "embedded_count", "version")
SELECT "agent_id", "language", count(*), sum("term_count"), count(*) FILTER (WHERE coalesce(cardinality("embedding"), 0) > 0), 1
FROM "knowledge_chunks" GROUP BY "agent_id", "language";

-- Written by hand: statement-level triggers keep knowledge_index_stats exact through every insert,
-- update and delete of passages, cascades included. Changes are grouped and ordered by key, so two
-- statements touching the same agents lock their rows in the same order.
CREATE FUNCTION "knowledge_index_stats_add"(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "knowledge_index_stats" AS s ("agent_id", "language", "chunk_count", "term_total", "embedded_count", "version")
  SELECT (c->>'agent_id')::uuid, c->>'language', sum((c->>'n')::bigint), sum((c->>'terms')::bigint), sum((c->>'embedded')::bigint), 1
  FROM jsonb_array_elements(changes) c
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT ("agent_id", "language") DO UPDATE
  SET "chunk_count" = s."chunk_count" + excluded."chunk_count", "term_total" = s."term_total" + excluded."term_total",
      "embedded_count" = s."embedded_count" + excluded."embedded_count", "version" = s."version" + 1
$$;

CREATE FUNCTION "knowledge_index_stats_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "knowledge_index_stats_add"(coalesce((
    SELECT jsonb_agg(jsonb_build_object('agent_id', "agent_id", 'language', "language", 'n', 1, 'terms', "term_count",
                                        'embedded', (coalesce(cardinality("embedding"), 0) > 0)::int))
    FROM added_rows), '[]'));
  RETURN NULL;
END $$;

CREATE FUNCTION "knowledge_index_stats_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "knowledge_index_stats_add"(coalesce((
    SELECT jsonb_agg(change) FROM (
      SELECT jsonb_build_object('agent_id', "agent_id", 'language', "language", 'n', 1, 'terms', "term_count",
                                'embedded', (coalesce(cardinality("embedding"), 0) > 0)::int) AS change
      FROM added_rows
      UNION ALL
      SELECT jsonb_build_object('agent_id', "agent_id", 'language', "language", 'n', -1, 'terms', -"term_count",
                                'embedded', -((coalesce(cardinality("embedding"), 0) > 0)::int))
      FROM removed_rows
    ) changes), '[]'));
  RETURN NULL;
END $$;

-- Deletes only lower existing rows: when an agent is deleted its statistics go with it by cascade.
CREATE FUNCTION "knowledge_index_stats_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "knowledge_index_stats" s
  SET "chunk_count" = s."chunk_count" - d.n, "term_total" = s."term_total" - d.terms,
      "embedded_count" = s."embedded_count" - d.embedded, "version" = s."version" + 1
  FROM (
    SELECT "agent_id", "language", count(*) AS n, sum("term_count") AS terms,
           count(*) FILTER (WHERE coalesce(cardinality("embedding"), 0) > 0) AS embedded
    FROM removed_rows GROUP BY "agent_id", "language" ORDER BY "agent_id", "language"
  ) d
  WHERE s."agent_id" = d."agent_id" AND s."language" = d."language";
  RETURN NULL;
END $$;

CREATE TRIGGER "knowledge_index_stats_after_insert" AFTER INSERT ON "knowledge_chunks"
REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION "knowledge_index_stats_after_insert"();

CREATE TRIGGER "knowledge_index_stats_after_update" AFTER UPDATE ON "knowledge_chunks"
REFERENCING OLD TABLE AS removed_rows NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION "knowledge_index_stats_after_update"();

CREATE TRIGGER "knowledge_index_stats_after_delete" AFTER DELETE ON "knowledge_chunks"
REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION "knowledge_index_stats_after_delete"();
