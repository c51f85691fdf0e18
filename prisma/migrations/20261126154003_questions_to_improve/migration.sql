-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "ungrounded" TEXT;

-- CreateTable
CREATE TABLE "improved_questions" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "question_key" TEXT NOT NULL,
    "text_id" UUID,
    "user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "improved_questions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "improved_questions_agent_id_question_key_key" ON "improved_questions"("agent_id", "question_key");

-- AddForeignKey
ALTER TABLE "improved_questions" ADD CONSTRAINT "improved_questions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "improved_questions" ADD CONSTRAINT "improved_questions_agent_id_account_id_fkey" FOREIGN KEY ("agent_id", "account_id") REFERENCES "agents"("id", "account_id") ON DELETE CASCADE ON UPDATE CASCADE;
