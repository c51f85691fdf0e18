-- CreateEnum
CREATE TYPE "AnswerRating" AS ENUM ('up', 'down');

-- CreateTable
CREATE TABLE "answer_feedback" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "conversation_id" UUID NOT NULL,
    "message_id" UUID NOT NULL,
    "rater" TEXT NOT NULL,
    "rater_user_id" UUID,
    "rating" "AnswerRating" NOT NULL,
    "comment" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "answer_feedback_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "answer_feedback_agent_id_updated_at_idx" ON "answer_feedback"("agent_id", "updated_at" DESC);

-- CreateIndex
CREATE INDEX "answer_feedback_account_id_updated_at_idx" ON "answer_feedback"("account_id", "updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "answer_feedback_message_id_rater_key" ON "answer_feedback"("message_id", "rater");

-- AddForeignKey
ALTER TABLE "answer_feedback" ADD CONSTRAINT "answer_feedback_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "answer_feedback" ADD CONSTRAINT "answer_feedback_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
