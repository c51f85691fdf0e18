// The four stat cards of the Dashboard (SPEC section 2), with the 30-day trends, and the answers' satisfaction rate.
import { StatCard } from '../../shared/stat-card.tsx'
import type { DashboardStats } from '#server/stats/stats.schemas.ts'
import './dashboard.css'

export function StatCards({ stats }: { stats: DashboardStats | undefined }) {
  return (
    <div className="stat-grid" data-testid="stat-cards">
      <StatCard title="Total Agents" value={stats?.totalAgents} caption="AI agents created" />
      <StatCard
        title="Total Conversations"
        value={stats?.totalConversations}
        caption="All conversations"
        trend={stats?.trends.conversations}
      />
      <StatCard title="Active Conversations" value={stats?.activeConversations} caption="Currently active chats" />
      <StatCard
        title="Total Messages"
        value={stats?.totalMessages}
        caption="Messages exchanged"
        trend={stats?.trends.messages}
      />
      <StatCard
        title="Satisfaction"
        value={stats?.satisfaction.rate ?? undefined}
        shown={stats ? (stats.satisfaction.rate === null ? 'No ratings' : `${stats.satisfaction.rate}%`) : undefined}
        caption={
          stats?.satisfaction.ratings
            ? `of ${stats.satisfaction.ratings} rated answers, last 30 days`
            : 'Thumbs up or down on answers'
        }
      />
    </div>
  )
}
