// The product flow in four steps, told on the landing page and replayed on the demo page.
export interface ProductStep {
  id: 'create' | 'knowledge' | 'chat' | 'embed'
  title: string
  summary: string
  /** Where in the signed-in area the step happens. */
  route: string
}

export const PRODUCT_STEPS: ProductStep[] = [
  {
    id: 'create',
    title: 'Create an agent',
    summary: 'Give your agent a name and a short description from Create Agent. It is ready in seconds.',
    route: '/app/create-agent',
  },
  {
    id: 'knowledge',
    title: 'Add your knowledge',
    summary: 'Upload documents, paste texts or add website pages, then embed them so the agent answers from them.',
    route: '/app/agents',
  },
  {
    id: 'chat',
    title: 'Chat and refine',
    summary: 'Ask the questions your customers ask. Answers cite your sources, in the language of the question.',
    route: '/app/conversations',
  },
  {
    id: 'embed',
    title: 'Embed the widget',
    summary: 'Create a widget integration and paste one line of code into your website or online store theme.',
    route: '/app/widget',
  },
]
