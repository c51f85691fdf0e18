export function WebsitesTab({ agentId }: { agentId: string }) {
  return <p data-agent={agentId}>Websites</p>
}
