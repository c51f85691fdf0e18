-- AlterTable
ALTER TABLE "knowledge_chunks" ADD COLUMN     "section_id" UUID;

-- AlterTable
ALTER TABLE "websites" ADD COLUMN     "exclude_patterns" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "include_patterns" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "max_depth" INTEGER NOT NULL DEFAULT 3,
ADD COLUMN     "max_pages" INTEGER NOT NULL DEFAULT 50,
ADD COLUMN     "next_crawl_at" TIMESTAMPTZ(3),
ADD COLUMN     "recrawl_interval_hours" INTEGER;

-- CreateTable
CREATE TABLE "knowledge_sections" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "source_type" "KnowledgeSourceType" NOT NULL,
    "document_id" UUID,
    "text_id" UUID,
    "website_id" UUID,
    "position" INTEGER NOT NULL,
    "title" TEXT,
    "source_url" TEXT,
    "page_number" INTEGER,
    "content" TEXT NOT NULL,
    "content_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "knowledge_sections_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "knowledge_sections_document_id_idx" ON "knowledge_sections"("document_id");

-- CreateIndex
CREATE INDEX "knowledge_sections_text_id_idx" ON "knowledge_sections"("text_id");

-- CreateIndex
CREATE INDEX "knowledge_sections_website_id_source_url_idx" ON "knowledge_sections"("website_id", "source_url");

-- CreateIndex
CREATE INDEX "knowledge_sections_agent_id_idx" ON "knowledge_sections"("agent_id");

-- CreateIndex
CREATE INDEX "knowledge_sections_account_id_idx" ON "knowledge_sections"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "knowledge_sections_id_agent_id_key" ON "knowledge_sections"("id", "agent_id");

-- CreateIndex
CREATE INDEX "knowledge_chunks_section_id_idx" ON "knowledge_chunks"("section_id");

-- CreateIndex
CREATE INDEX "websites_next_crawl_at_idx" ON "websites"("next_crawl_at");

-- AddForeignKey
ALTER TABLE "knowledge_sections" ADD CONSTRAINT "knowledge_sections_agent_id_account_id_fkey" FOREIGN KEY ("agent_id", "account_id") REFERENCES "agents"("id", "account_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "knowledge_sections" ADD CONSTRAINT "knowledge_sections_document_id_agent_id_fkey" FOREIGN KEY ("document_id", "agent_id") REFERENCES "documents"("id", "agent_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "knowledge_sections" ADD CONSTRAINT "knowledge_sections_text_id_agent_id_fkey" FOREIGN KEY ("text_id", "agent_id") REFERENCES "texts"("id", "agent_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "knowledge_sections" ADD CONSTRAINT "knowledge_sections_website_id_agent_id_fkey" FOREIGN KEY ("website_id", "agent_id") REFERENCES "websites"("id", "agent_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_section_id_agent_id_fkey" FOREIGN KEY ("section_id", "agent_id") REFERENCES "knowledge_sections"("id", "agent_id") ON DELETE CASCADE ON UPDATE CASCADE;
