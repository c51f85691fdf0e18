-- CreateEnum
CREATE TYPE "MessagingChannelKind" AS ENUM ('whatsapp', 'messenger', 'instagram');

-- CreateTable
CREATE TABLE "messaging_channels" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "kind" "MessagingChannelKind" NOT NULL,
    "external_id" TEXT NOT NULL,
    "business_account_id" TEXT,
    "display_name" TEXT NOT NULL,
    "sealed_access_token" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "messaging_channels_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "messaging_channels_agent_id_idx" ON "messaging_channels"("agent_id");

-- CreateIndex
CREATE INDEX "messaging_channels_account_id_idx" ON "messaging_channels"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "messaging_channels_kind_external_id_key" ON "messaging_channels"("kind", "external_id");

-- AddForeignKey
ALTER TABLE "messaging_channels" ADD CONSTRAINT "messaging_channels_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messaging_channels" ADD CONSTRAINT "messaging_channels_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
