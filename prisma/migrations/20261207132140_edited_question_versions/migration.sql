-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "hidden_with_id" UUID,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "version_of_id" UUID;

-- CreateIndex
CREATE INDEX "messages_version_of_id_idx" ON "messages"("version_of_id");

-- CreateIndex
CREATE INDEX "messages_hidden_with_id_idx" ON "messages"("hidden_with_id");
