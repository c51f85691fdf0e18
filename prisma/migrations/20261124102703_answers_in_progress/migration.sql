-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "answer_owner" BIGINT,
ADD COLUMN     "answer_prompt_tokens" INTEGER,
ADD COLUMN     "answer_started_at" TIMESTAMPTZ(3),
ADD COLUMN     "partial_answer" TEXT;

-- CreateIndex
CREATE INDEX "messages_answer_owner_idx" ON "messages"("answer_owner");
