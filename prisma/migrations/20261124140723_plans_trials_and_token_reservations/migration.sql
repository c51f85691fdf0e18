-- AlterEnum
ALTER TYPE "BillingProvider" ADD VALUE 'trial';

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "answer_reserved_period" TIMESTAMPTZ(3),
ADD COLUMN     "answer_reserved_tokens" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "plans" ADD COLUMN     "tier" TEXT NOT NULL DEFAULT 'basic';

-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "current_key" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_current_key_key" ON "subscriptions"("current_key");
