/** The agent a screen works on: the address's ?agent= when it is one of the account's, else the first. */
export function chosenAgentId(agents: { id: string }[], search: URLSearchParams): string {
  return agents.find((agent) => agent.id === search.get('agent'))?.id ?? agents[0]?.id ?? ''
}
