-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "product_gids" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "widget_sessions" ADD COLUMN     "shop_id" UUID;

-- CreateTable
CREATE TABLE "store_products" (
    "id" UUID NOT NULL,
    "shop_id" UUID NOT NULL,
    "product_gid" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "image_url" TEXT,
    "currency_code" TEXT NOT NULL,
    "options" JSONB NOT NULL DEFAULT '[]',
    "variants" JSONB NOT NULL DEFAULT '[]',
    "synced_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "store_products_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "storefront_events" (
    "id" UUID NOT NULL,
    "shop_id" UUID NOT NULL,
    "conversation_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "product_gid" TEXT NOT NULL,
    "variant_id" TEXT,
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "storefront_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "assisted_orders" (
    "id" UUID NOT NULL,
    "shop_id" UUID NOT NULL,
    "order_gid" TEXT NOT NULL,
    "order_name" TEXT NOT NULL,
    "conversation_id" UUID NOT NULL,
    "total_minor" BIGINT NOT NULL,
    "currency_code" TEXT NOT NULL,
    "ordered_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "assisted_orders_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "store_products_shop_id_product_gid_key" ON "store_products"("shop_id", "product_gid");

-- CreateIndex
CREATE INDEX "storefront_events_shop_id_kind_created_at_idx" ON "storefront_events"("shop_id", "kind", "created_at");

-- CreateIndex
CREATE INDEX "storefront_events_conversation_id_idx" ON "storefront_events"("conversation_id");

-- CreateIndex
CREATE INDEX "assisted_orders_shop_id_ordered_at_idx" ON "assisted_orders"("shop_id", "ordered_at");

-- CreateIndex
CREATE UNIQUE INDEX "assisted_orders_shop_id_order_gid_key" ON "assisted_orders"("shop_id", "order_gid");

-- AddForeignKey
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shopify_shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "storefront_events" ADD CONSTRAINT "storefront_events_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shopify_shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assisted_orders" ADD CONSTRAINT "assisted_orders_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shopify_shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
