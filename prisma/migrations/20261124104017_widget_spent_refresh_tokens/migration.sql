-- Every spent widget refresh token, not only the last one, so a replay from any rotation back is caught.

-- CreateTable
CREATE TABLE "widget_spent_refresh_tokens" (
    "token_hash" TEXT NOT NULL,
    "session_id" UUID NOT NULL,
    "spent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "widget_spent_refresh_tokens_pkey" PRIMARY KEY ("token_hash")
);

-- CreateIndex
CREATE INDEX "widget_spent_refresh_tokens_session_id_idx" ON "widget_spent_refresh_tokens"("session_id");

-- AddForeignKey
ALTER TABLE "widget_spent_refresh_tokens" ADD CONSTRAINT "widget_spent_refresh_tokens_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "widget_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The one spent token each session remembered so far keeps being caught (spent when the session was last used).
INSERT INTO "widget_spent_refresh_tokens" ("token_hash", "session_id", "spent_at")
SELECT "previous_refresh_token_hash", "id", "last_used_at" FROM "widget_sessions" WHERE "previous_refresh_token_hash" IS NOT NULL;

-- DropIndex
DROP INDEX "widget_sessions_previous_refresh_token_hash_key";

-- AlterTable
ALTER TABLE "widget_sessions" DROP COLUMN "previous_refresh_token_hash";
