-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "SenderType" ADD VALUE 'person';
ALTER TYPE "SenderType" ADD VALUE 'notice';

-- AlterTable
ALTER TABLE "conversations" ADD COLUMN     "person_name" TEXT,
ADD COLUMN     "person_requested_at" TIMESTAMPTZ(3),
ADD COLUMN     "person_user_id" UUID;

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "sender_name" TEXT;

-- AlterTable
ALTER TABLE "widget_integrations" ADD COLUMN     "handoff_reply_time" TEXT NOT NULL DEFAULT 'within one business day',
ADD COLUMN     "handoff_wait_minutes" INTEGER NOT NULL DEFAULT 3,
ADD COLUMN     "human_handoff" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "conversations_person_user_id_idx" ON "conversations"("person_user_id");

-- CreateIndex
CREATE INDEX "conversations_agent_id_person_requested_at_idx" ON "conversations"("agent_id", "person_requested_at");

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_person_user_id_fkey" FOREIGN KEY ("person_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
