-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "subject_id" UUID,
ADD COLUMN     "subject_type" TEXT;

-- CreateIndex
CREATE INDEX "jobs_subject_id_created_at_idx" ON "jobs"("subject_id", "created_at" DESC);
