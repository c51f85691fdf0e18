export function DocumentsTab({ agentId }: { agentId: string }) {
  return <p data-agent={agentId}>Documents</p>
}
