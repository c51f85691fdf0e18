-- CreateEnum
CREATE TYPE "EmailLinkPurpose" AS ENUM ('password_reset', 'verify_email', 'team_invitation');

-- CreateTable
CREATE TABLE "email_links" (
    "id" UUID NOT NULL,
    "purpose" "EmailLinkPurpose" NOT NULL,
    "user_id" UUID,
    "email" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "email_links_token_hash_key" ON "email_links"("token_hash");

-- CreateIndex
CREATE INDEX "email_links_user_id_purpose_idx" ON "email_links"("user_id", "purpose");

-- AddForeignKey
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
