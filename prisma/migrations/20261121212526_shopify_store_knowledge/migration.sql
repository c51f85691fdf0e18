-- AlterTable
ALTER TABLE "shopify_shops" ADD COLUMN     "shop_name" TEXT,
ADD COLUMN     "storefront_url" TEXT;

-- AlterTable
ALTER TABLE "texts" ADD COLUMN     "source_url" TEXT;

-- CreateTable
CREATE TABLE "shopify_resources" (
    "id" UUID NOT NULL,
    "shop_id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "resource_gid" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "text_id" UUID,
    "storefront_url" TEXT,
    "content_hash" TEXT NOT NULL,
    "synced_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "shopify_resources_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "shopify_bulk_imports" (
    "id" UUID NOT NULL,
    "shop_id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "bulk_operation_gid" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "object_count" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "shopify_bulk_imports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "shopify_resources_text_id_key" ON "shopify_resources"("text_id");

-- CreateIndex
CREATE INDEX "shopify_resources_shop_id_idx" ON "shopify_resources"("shop_id");

-- CreateIndex
CREATE UNIQUE INDEX "shopify_resources_agent_id_resource_gid_key" ON "shopify_resources"("agent_id", "resource_gid");

-- CreateIndex
CREATE UNIQUE INDEX "shopify_bulk_imports_bulk_operation_gid_key" ON "shopify_bulk_imports"("bulk_operation_gid");

-- CreateIndex
CREATE INDEX "shopify_bulk_imports_shop_id_idx" ON "shopify_bulk_imports"("shop_id");

-- AddForeignKey
ALTER TABLE "shopify_resources" ADD CONSTRAINT "shopify_resources_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shopify_shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shopify_resources" ADD CONSTRAINT "shopify_resources_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shopify_resources" ADD CONSTRAINT "shopify_resources_text_id_fkey" FOREIGN KEY ("text_id") REFERENCES "texts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shopify_bulk_imports" ADD CONSTRAINT "shopify_bulk_imports_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shopify_shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shopify_bulk_imports" ADD CONSTRAINT "shopify_bulk_imports_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
