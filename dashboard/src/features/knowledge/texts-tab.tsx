export function TextsTab({ agentId }: { agentId: string }) {
  return <p data-agent={agentId}>Texts</p>
}
