-- CreateTable
CREATE TABLE "channel_inbound_messages" (
    "id" UUID NOT NULL,
    "channel_id" UUID NOT NULL,
    "kind" "MessagingChannelKind" NOT NULL,
    "external_message_id" TEXT NOT NULL,
    "sender_id" TEXT NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL,
    "message" JSONB NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "channel_inbound_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "channel_inbound_messages_channel_id_received_at_idx" ON "channel_inbound_messages"("channel_id", "received_at");

-- CreateIndex
CREATE UNIQUE INDEX "channel_inbound_messages_kind_external_message_id_key" ON "channel_inbound_messages"("kind", "external_message_id");

-- AddForeignKey
ALTER TABLE "channel_inbound_messages" ADD CONSTRAINT "channel_inbound_messages_channel_id_fkey" FOREIGN KEY ("channel_id") REFERENCES "messaging_channels"("id") ON DELETE CASCADE ON UPDATE CASCADE;
