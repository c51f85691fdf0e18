-- Every spent widget refresh token, not only the last one, so a replay from any rotation back is caught.
-- Adds and copies only: previous_refresh_token_hash and its index stay (unused) for the processes of the
-- previous release still running during a rolling deploy, which name that column; the next release drops them.

-- CreateTable
CREATE TABLE "widget_spent_refresh_tokens" (
    "token_hash" TEXT NOT NULL,
    "session_id" UUID NOT NULL,
    "spent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "widget_spent_refresh_tokens_pkey" PRIMARY KEY ("token_hash")
);

-- CreateIndex
CREATE INDEX "widget_spent_refresh_tokens_session_id_idx" ON "widget_spent_refresh_tokens"("session_id");

-- CreateIndex
CREATE INDEX "widget_sessions_expires_at_idx" ON "widget_sessions"("expires_at");

-- AddForeignKey
ALTER TABLE "widget_spent_refresh_tokens" ADD CONSTRAINT "widget_spent_refresh_tokens_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "widget_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The one spent token each session remembered so far keeps being caught (spent when the session was last used).
INSERT INTO "widget_spent_refresh_tokens" ("token_hash", "session_id", "spent_at")
SELECT "previous_refresh_token_hash", "id", "last_used_at" FROM "widget_sessions" WHERE "previous_refresh_token_hash" IS NOT NULL;
