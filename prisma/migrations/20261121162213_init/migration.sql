-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "AgentVisibility" AS ENUM ('public', 'private');

-- CreateEnum
CREATE TYPE "KnowledgeStatus" AS ENUM ('pending', 'processing', 'ready', 'failed');

-- CreateEnum
CREATE TYPE "DocumentFormat" AS ENUM ('pdf', 'docx', 'txt', 'csv', 'json');

-- CreateEnum
CREATE TYPE "WebsiteContentStatus" AS ENUM ('pending', 'crawled', 'available', 'failed');

-- CreateEnum
CREATE TYPE "KnowledgeSourceType" AS ENUM ('document', 'text', 'website', 'shopify_product', 'shopify_collection', 'shopify_page', 'shopify_article', 'shopify_policy');

-- CreateEnum
CREATE TYPE "ConversationStatus" AS ENUM ('active', 'pending', 'completed');

-- CreateEnum
CREATE TYPE "ConversationChannel" AS ENUM ('dashboard', 'widget', 'shopify');

-- CreateEnum
CREATE TYPE "SenderType" AS ENUM ('user', 'ai');

-- CreateEnum
CREATE TYPE "WidgetPosition" AS ENUM ('bottom-right', 'bottom-left', 'top-right', 'top-left');

-- CreateEnum
CREATE TYPE "TeamRole" AS ENUM ('member', 'admin', 'viewer');

-- CreateEnum
CREATE TYPE "TeamMemberStatus" AS ENUM ('pending', 'active', 'deactivated');

-- CreateEnum
CREATE TYPE "SubscriptionStatus" AS ENUM ('incomplete', 'trialing', 'active', 'past_due', 'cancelled', 'expired');

-- CreateEnum
CREATE TYPE "BillingProvider" AS ENUM ('stripe', 'paypal', 'shopify', 'manual');

-- CreateEnum
CREATE TYPE "UsageMetric" AS ENUM ('tokens', 'conversations', 'messages');

-- CreateEnum
CREATE TYPE "JobStatus" AS ENUM ('queued', 'running', 'succeeded', 'failed', 'cancelled');

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "full_name" TEXT NOT NULL,
    "password_hash" TEXT,
    "google_subject" TEXT,
    "profile_image_key" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "date_joined" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "last_login_at" TIMESTAMPTZ(3),

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refresh_token_families" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "revoked_reason" TEXT,
    "user_agent" TEXT,

    CONSTRAINT "refresh_token_families_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refresh_tokens" (
    "id" UUID NOT NULL,
    "family_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "rotated_at" TIMESTAMPTZ(3),

    CONSTRAINT "refresh_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "app_secrets" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "app_secrets_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "agents" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "visibility" "AgentVisibility" NOT NULL DEFAULT 'private',
    "avatar_url" TEXT,
    "is_favorite" BOOLEAN NOT NULL DEFAULT false,
    "is_archived" BOOLEAN NOT NULL DEFAULT false,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "instructions" TEXT,
    "llm_model" TEXT,
    "llm_temperature" DOUBLE PRECISION,
    "llm_max_tokens" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "agents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "documents" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "format" "DocumentFormat" NOT NULL,
    "mime_type" TEXT NOT NULL,
    "storage_key" TEXT NOT NULL,
    "size_bytes" BIGINT NOT NULL,
    "content_hash" TEXT,
    "description" TEXT,
    "language" TEXT NOT NULL DEFAULT 'en',
    "tags" JSONB NOT NULL DEFAULT '[]',
    "meta_data" JSONB NOT NULL DEFAULT '{}',
    "page_count" INTEGER,
    "status" "KnowledgeStatus" NOT NULL DEFAULT 'pending',
    "status_error" TEXT,
    "embedded" BOOLEAN NOT NULL DEFAULT false,
    "embedded_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "texts" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "description" TEXT,
    "tags" JSONB NOT NULL DEFAULT '[]',
    "meta_data" JSONB NOT NULL DEFAULT '{}',
    "status" "KnowledgeStatus" NOT NULL DEFAULT 'pending',
    "status_error" TEXT,
    "embedded" BOOLEAN NOT NULL DEFAULT false,
    "embedded_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "texts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "websites" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "crawling" BOOLEAN NOT NULL DEFAULT false,
    "content_status" "WebsiteContentStatus" NOT NULL DEFAULT 'pending',
    "status_error" TEXT,
    "pages_found" INTEGER NOT NULL DEFAULT 0,
    "pages_crawled" INTEGER NOT NULL DEFAULT 0,
    "embedded" BOOLEAN NOT NULL DEFAULT false,
    "embedded_at" TIMESTAMPTZ(3),
    "last_crawled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "websites_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "knowledge_chunks" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "source_type" "KnowledgeSourceType" NOT NULL,
    "document_id" UUID,
    "text_id" UUID,
    "website_id" UUID,
    "external_id" TEXT,
    "position" INTEGER NOT NULL,
    "title" TEXT,
    "content" TEXT NOT NULL,
    "source_url" TEXT,
    "page_number" INTEGER,
    "language" TEXT NOT NULL DEFAULT 'simple',
    "token_count" INTEGER NOT NULL DEFAULT 0,
    "search_vector" tsvector,
    "embedding" REAL[],
    "embedding_model" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "knowledge_chunks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "conversations" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "channel" "ConversationChannel" NOT NULL DEFAULT 'dashboard',
    "started_by_user_id" UUID,
    "widget_integration_id" UUID,
    "visitor_id" TEXT,
    "visitor_email" TEXT,
    "shopify_customer_id" TEXT,
    "status" "ConversationStatus" NOT NULL DEFAULT 'active',
    "is_favorite" BOOLEAN NOT NULL DEFAULT false,
    "is_archived" BOOLEAN NOT NULL DEFAULT false,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "is_deleted" BOOLEAN NOT NULL DEFAULT false,
    "deleted_at" TIMESTAMPTZ(3),
    "unread_count" INTEGER NOT NULL DEFAULT 0,
    "last_message_preview" TEXT,
    "last_message_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "conversations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "messages" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "conversation_id" UUID NOT NULL,
    "sender_type" "SenderType" NOT NULL,
    "text" TEXT NOT NULL,
    "message_link" TEXT,
    "sources" JSONB NOT NULL DEFAULT '[]',
    "attachments" JSONB NOT NULL DEFAULT '[]',
    "is_read" BOOLEAN NOT NULL DEFAULT false,
    "is_deleted" BOOLEAN NOT NULL DEFAULT false,
    "is_archived" BOOLEAN NOT NULL DEFAULT false,
    "model" TEXT,
    "prompt_tokens" INTEGER NOT NULL DEFAULT 0,
    "completion_tokens" INTEGER NOT NULL DEFAULT 0,
    "edited_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "widget_integrations" (
    "id" UUID NOT NULL,
    "client_key" TEXT NOT NULL,
    "account_id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "website_name" TEXT NOT NULL,
    "website_domain" TEXT NOT NULL,
    "allow_subdomains" BOOLEAN NOT NULL DEFAULT false,
    "website_logo_key" TEXT,
    "start_message" TEXT NOT NULL,
    "position" "WidgetPosition" NOT NULL DEFAULT 'bottom-right',
    "color" TEXT NOT NULL DEFAULT '#6366f1',
    "bot_name" TEXT NOT NULL DEFAULT 'Assistant',
    "auto_open_chat" BOOLEAN NOT NULL DEFAULT false,
    "collect_user_email" BOOLEAN NOT NULL DEFAULT false,
    "enable_attachments" BOOLEAN NOT NULL DEFAULT true,
    "show_branding" BOOLEAN NOT NULL DEFAULT true,
    "daily_token_budget" INTEGER,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "widget_integrations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "widget_sessions" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "widget_integration_id" UUID NOT NULL,
    "visitor_id" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "refresh_token_hash" TEXT NOT NULL,
    "shopify_customer_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "widget_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "teams" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "teams_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "team_members" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "team_id" UUID NOT NULL,
    "user_id" UUID,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" "TeamRole" NOT NULL DEFAULT 'member',
    "status" "TeamMemberStatus" NOT NULL DEFAULT 'pending',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "team_members_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "team_agents" (
    "team_id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "team_agents_pkey" PRIMARY KEY ("team_id","agent_id")
);

-- CreateTable
CREATE TABLE "plans" (
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "is_most_popular" BOOLEAN NOT NULL DEFAULT false,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "conversation_limit" INTEGER NOT NULL,
    "message_limit" INTEGER NOT NULL,
    "token_limit" BIGINT NOT NULL,
    "widget_limit" INTEGER NOT NULL,
    "team_member_limit" INTEGER NOT NULL,
    "agent_limit" INTEGER NOT NULL,
    "features" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plan_prices" (
    "id" INTEGER NOT NULL,
    "plan_id" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "amount_minor" INTEGER NOT NULL,
    "provider_price_id" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "plan_prices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subscriptions" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "plan_id" INTEGER NOT NULL,
    "price_id" INTEGER,
    "currency" TEXT,
    "amount_minor" INTEGER,
    "provider" "BillingProvider" NOT NULL,
    "provider_subscription_id" TEXT,
    "provider_customer_id" TEXT,
    "status" "SubscriptionStatus" NOT NULL DEFAULT 'incomplete',
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "current_period_start" TIMESTAMPTZ(3) NOT NULL,
    "current_period_end" TIMESTAMPTZ(3) NOT NULL,
    "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
    "cancelled_at" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "usage_counters" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "metric" "UsageMetric" NOT NULL,
    "scope" TEXT NOT NULL DEFAULT '',
    "period_start" TIMESTAMPTZ(3) NOT NULL,
    "period_end" TIMESTAMPTZ(3) NOT NULL,
    "value" BIGINT NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "usage_counters_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "jobs" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "account_id" UUID,
    "agent_id" UUID,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "dedupe_key" TEXT,
    "status" "JobStatus" NOT NULL DEFAULT 'queued',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "progress_detail" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 5,
    "run_after" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_by" TEXT,
    "lease_expires_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "result" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "shopify_shops" (
    "id" UUID NOT NULL,
    "shop_domain" TEXT NOT NULL,
    "account_id" UUID NOT NULL,
    "agent_id" UUID,
    "widget_integration_id" UUID,
    "scopes" TEXT NOT NULL DEFAULT '',
    "installed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uninstalled_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "shopify_shops_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "shopify_sessions" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "is_online" BOOLEAN NOT NULL DEFAULT false,
    "scope" TEXT,
    "expires" TIMESTAMPTZ(3),
    "access_token" TEXT NOT NULL,
    "refresh_token" TEXT,
    "refresh_token_expires" TIMESTAMPTZ(3),
    "user_id" BIGINT,
    "first_name" TEXT,
    "last_name" TEXT,
    "email" TEXT,
    "account_owner" BOOLEAN NOT NULL DEFAULT false,
    "locale" TEXT,
    "collaborator" BOOLEAN DEFAULT false,
    "email_verified" BOOLEAN DEFAULT false,

    CONSTRAINT "shopify_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "users_google_subject_key" ON "users"("google_subject");

-- CreateIndex
CREATE INDEX "refresh_token_families_user_id_idx" ON "refresh_token_families"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "refresh_tokens_token_hash_key" ON "refresh_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "refresh_tokens_family_id_idx" ON "refresh_tokens"("family_id");

-- CreateIndex
CREATE INDEX "agents_account_id_created_at_idx" ON "agents"("account_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "agents_id_account_id_key" ON "agents"("id", "account_id");

-- CreateIndex
CREATE UNIQUE INDEX "documents_storage_key_key" ON "documents"("storage_key");

-- CreateIndex
CREATE INDEX "documents_agent_id_created_at_idx" ON "documents"("agent_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "documents_account_id_idx" ON "documents"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "documents_id_agent_id_key" ON "documents"("id", "agent_id");

-- CreateIndex
CREATE INDEX "texts_agent_id_created_at_idx" ON "texts"("agent_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "texts_account_id_idx" ON "texts"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "texts_id_agent_id_key" ON "texts"("id", "agent_id");

-- CreateIndex
CREATE INDEX "websites_agent_id_created_at_idx" ON "websites"("agent_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "websites_account_id_idx" ON "websites"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "websites_id_agent_id_key" ON "websites"("id", "agent_id");

-- CreateIndex
CREATE INDEX "knowledge_chunks_agent_id_idx" ON "knowledge_chunks"("agent_id");

-- CreateIndex
CREATE INDEX "knowledge_chunks_account_id_idx" ON "knowledge_chunks"("account_id");

-- CreateIndex
CREATE INDEX "knowledge_chunks_document_id_idx" ON "knowledge_chunks"("document_id");

-- CreateIndex
CREATE INDEX "knowledge_chunks_text_id_idx" ON "knowledge_chunks"("text_id");

-- CreateIndex
CREATE INDEX "knowledge_chunks_website_id_idx" ON "knowledge_chunks"("website_id");

-- CreateIndex
CREATE INDEX "knowledge_chunks_agent_id_source_type_external_id_idx" ON "knowledge_chunks"("agent_id", "source_type", "external_id");

-- CreateIndex
CREATE INDEX "knowledge_chunks_search_vector_idx" ON "knowledge_chunks" USING GIN ("search_vector");

-- CreateIndex
CREATE INDEX "conversations_agent_id_is_deleted_last_message_at_idx" ON "conversations"("agent_id", "is_deleted", "last_message_at" DESC);

-- CreateIndex
CREATE INDEX "conversations_account_id_is_deleted_last_message_at_idx" ON "conversations"("account_id", "is_deleted", "last_message_at" DESC);

-- CreateIndex
CREATE INDEX "conversations_widget_integration_id_visitor_id_idx" ON "conversations"("widget_integration_id", "visitor_id");

-- CreateIndex
CREATE INDEX "conversations_shopify_customer_id_idx" ON "conversations"("shopify_customer_id");

-- CreateIndex
CREATE INDEX "conversations_started_by_user_id_idx" ON "conversations"("started_by_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "conversations_id_account_id_key" ON "conversations"("id", "account_id");

-- CreateIndex
CREATE INDEX "messages_conversation_id_created_at_idx" ON "messages"("conversation_id", "created_at");

-- CreateIndex
CREATE INDEX "messages_account_id_created_at_idx" ON "messages"("account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "widget_integrations_client_key_key" ON "widget_integrations"("client_key");

-- CreateIndex
CREATE INDEX "widget_integrations_agent_id_created_at_idx" ON "widget_integrations"("agent_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "widget_integrations_account_id_idx" ON "widget_integrations"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "widget_sessions_refresh_token_hash_key" ON "widget_sessions"("refresh_token_hash");

-- CreateIndex
CREATE INDEX "widget_sessions_widget_integration_id_visitor_id_idx" ON "widget_sessions"("widget_integration_id", "visitor_id");

-- CreateIndex
CREATE INDEX "widget_sessions_account_id_idx" ON "widget_sessions"("account_id");

-- CreateIndex
CREATE INDEX "teams_account_id_idx" ON "teams"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "teams_id_account_id_key" ON "teams"("id", "account_id");

-- CreateIndex
CREATE INDEX "team_members_user_id_status_idx" ON "team_members"("user_id", "status");

-- CreateIndex
CREATE INDEX "team_members_email_idx" ON "team_members"("email");

-- CreateIndex
CREATE INDEX "team_members_account_id_idx" ON "team_members"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "team_members_team_id_email_key" ON "team_members"("team_id", "email");

-- CreateIndex
CREATE INDEX "team_agents_agent_id_idx" ON "team_agents"("agent_id");

-- CreateIndex
CREATE INDEX "team_agents_account_id_idx" ON "team_agents"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "plan_prices_provider_price_id_key" ON "plan_prices"("provider_price_id");

-- CreateIndex
CREATE UNIQUE INDEX "plan_prices_plan_id_currency_key" ON "plan_prices"("plan_id", "currency");

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_provider_subscription_id_key" ON "subscriptions"("provider_subscription_id");

-- CreateIndex
CREATE INDEX "subscriptions_account_id_status_current_period_end_idx" ON "subscriptions"("account_id", "status", "current_period_end" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "usage_counters_account_id_metric_scope_period_start_key" ON "usage_counters"("account_id", "metric", "scope", "period_start");

-- CreateIndex
CREATE INDEX "jobs_status_run_after_idx" ON "jobs"("status", "run_after");

-- CreateIndex
CREATE INDEX "jobs_status_lease_expires_at_idx" ON "jobs"("status", "lease_expires_at");

-- CreateIndex
CREATE INDEX "jobs_agent_id_kind_status_idx" ON "jobs"("agent_id", "kind", "status");

-- CreateIndex
CREATE INDEX "jobs_account_id_idx" ON "jobs"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "jobs_kind_dedupe_key_key" ON "jobs"("kind", "dedupe_key");

-- CreateIndex
CREATE UNIQUE INDEX "shopify_shops_shop_domain_key" ON "shopify_shops"("shop_domain");

-- CreateIndex
CREATE INDEX "shopify_shops_account_id_idx" ON "shopify_shops"("account_id");

-- CreateIndex
CREATE INDEX "shopify_shops_agent_id_idx" ON "shopify_shops"("agent_id");

-- CreateIndex
CREATE INDEX "shopify_shops_widget_integration_id_idx" ON "shopify_shops"("widget_integration_id");

-- CreateIndex
CREATE INDEX "shopify_sessions_shop_idx" ON "shopify_sessions"("shop");

-- AddForeignKey
ALTER TABLE "refresh_token_families" ADD CONSTRAINT "refresh_token_families_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "refresh_token_families"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agents" ADD CONSTRAINT "agents_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_agent_id_account_id_fkey" FOREIGN KEY ("agent_id", "account_id") REFERENCES "agents"("id", "account_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "texts" ADD CONSTRAINT "texts_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "texts" ADD CONSTRAINT "texts_agent_id_account_id_fkey" FOREIGN KEY ("agent_id", "account_id") REFERENCES "agents"("id", "account_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "websites" ADD CONSTRAINT "websites_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "websites" ADD CONSTRAINT "websites_agent_id_account_id_fkey" FOREIGN KEY ("agent_id", "account_id") REFERENCES "agents"("id", "account_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_agent_id_account_id_fkey" FOREIGN KEY ("agent_id", "account_id") REFERENCES "agents"("id", "account_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_document_id_agent_id_fkey" FOREIGN KEY ("document_id", "agent_id") REFERENCES "documents"("id", "agent_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_text_id_agent_id_fkey" FOREIGN KEY ("text_id", "agent_id") REFERENCES "texts"("id", "agent_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_website_id_agent_id_fkey" FOREIGN KEY ("website_id", "agent_id") REFERENCES "websites"("id", "agent_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_agent_id_account_id_fkey" FOREIGN KEY ("agent_id", "account_id") REFERENCES "agents"("id", "account_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_started_by_user_id_fkey" FOREIGN KEY ("started_by_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_widget_integration_id_fkey" FOREIGN KEY ("widget_integration_id") REFERENCES "widget_integrations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_account_id_fkey" FOREIGN KEY ("conversation_id", "account_id") REFERENCES "conversations"("id", "account_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "widget_integrations" ADD CONSTRAINT "widget_integrations_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "widget_integrations" ADD CONSTRAINT "widget_integrations_agent_id_account_id_fkey" FOREIGN KEY ("agent_id", "account_id") REFERENCES "agents"("id", "account_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "widget_sessions" ADD CONSTRAINT "widget_sessions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "widget_sessions" ADD CONSTRAINT "widget_sessions_widget_integration_id_fkey" FOREIGN KEY ("widget_integration_id") REFERENCES "widget_integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teams" ADD CONSTRAINT "teams_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_account_id_fkey" FOREIGN KEY ("team_id", "account_id") REFERENCES "teams"("id", "account_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team_agents" ADD CONSTRAINT "team_agents_team_id_account_id_fkey" FOREIGN KEY ("team_id", "account_id") REFERENCES "teams"("id", "account_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team_agents" ADD CONSTRAINT "team_agents_agent_id_account_id_fkey" FOREIGN KEY ("agent_id", "account_id") REFERENCES "agents"("id", "account_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team_agents" ADD CONSTRAINT "team_agents_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_prices" ADD CONSTRAINT "plan_prices_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_price_id_fkey" FOREIGN KEY ("price_id") REFERENCES "plan_prices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "usage_counters" ADD CONSTRAINT "usage_counters_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shopify_shops" ADD CONSTRAINT "shopify_shops_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shopify_shops" ADD CONSTRAINT "shopify_shops_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shopify_shops" ADD CONSTRAINT "shopify_shops_widget_integration_id_fkey" FOREIGN KEY ("widget_integration_id") REFERENCES "widget_integrations"("id") ON DELETE SET NULL ON UPDATE CASCADE;
