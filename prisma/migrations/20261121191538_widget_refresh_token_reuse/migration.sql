-- AlterTable
ALTER TABLE "widget_sessions" ADD COLUMN     "previous_refresh_token_hash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "widget_sessions_previous_refresh_token_hash_key" ON "widget_sessions"("previous_refresh_token_hash");
