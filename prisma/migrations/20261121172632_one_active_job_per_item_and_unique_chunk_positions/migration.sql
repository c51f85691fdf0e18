-- DropIndex
DROP INDEX "knowledge_chunks_section_id_idx";

-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "active_key" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "jobs_active_key_key" ON "jobs"("active_key");

-- CreateIndex
CREATE UNIQUE INDEX "knowledge_chunks_section_id_position_key" ON "knowledge_chunks"("section_id", "position");
