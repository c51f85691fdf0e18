// The drawn screens of the demo, one per product step. They are pictures (hidden from assistive
// technology); each comes with a sentence that says what it shows.
import { generalWebsiteEmbedCode } from '#shared/embed-code.ts'
import type { ProductStep } from './product-steps.ts'

export const SCENE_NARRATION: Record<ProductStep['id'], string> = {
  create:
    'On Create Agent, the name Shop helper and a short description are typed in, Create Agent is pressed, and a toast confirms: Agent created.',
  knowledge:
    'On the agent’s page, a PDF returns policy, a text about shipping times and a help web page are added, and each one becomes Embedded.',
  chat: 'In the agent’s chat, a customer asks whether the shop delivers to Cairo and gets an answer with its source; a follow-up in French is answered in French.',
  embed:
    'On Widget, the integration’s one-line embed code is copied and pasted into a website, where the chat launcher appears in the bottom-right corner and opens.',
}

export function DemoScene({ stepId }: { stepId: ProductStep['id'] }) {
  return (
    <div className="scene-frame" aria-hidden="true">
      <div className="scene-frame__bar">
        <span className="scene-frame__dot" />
        <span className="scene-frame__dot" />
        <span className="scene-frame__dot" />
        <span className="scene-frame__address">{SCENE_ADDRESS[stepId]}</span>
      </div>
      <div className="scene-frame__body">
        {stepId === 'create' && <CreateScene />}
        {stepId === 'knowledge' && <KnowledgeScene />}
        {stepId === 'chat' && <ChatScene />}
        {stepId === 'embed' && <EmbedScene />}
      </div>
    </div>
  )
}

const SCENE_ADDRESS: Record<ProductStep['id'], string> = {
  create: 'agentdesk / create-agent',
  knowledge: 'agentdesk / agents / shop-helper',
  chat: 'agentdesk / agents / shop-helper / chat',
  embed: 'your-shop.example',
}

function CreateScene() {
  return (
    <div className="scene scene--create">
      <p className="scene__title">Create Agent</p>
      <div className="scene-field">
        <span className="scene-field__label">Name</span>
        <span className="scene-field__box">
          <span className="scene-typed scene-typed--name">Shop helper</span>
        </span>
      </div>
      <div className="scene-field">
        <span className="scene-field__label">Description</span>
        <span className="scene-field__box scene-field__box--tall">
          <span className="scene-typed scene-typed--description">
            Answers questions about orders, shipping and returns.
          </span>
        </span>
      </div>
      <span className="scene-button scene-button--press">Create Agent</span>
      <span className="scene-toast">
        <strong>Agent created</strong> Your agent has been created successfully.
      </span>
    </div>
  )
}

const SOURCES = [
  { name: 'returns-policy.pdf', kind: 'Document' },
  { name: 'Shipping times', kind: 'Text' },
  { name: 'your-shop.example/help', kind: 'Website' },
]

function KnowledgeScene() {
  return (
    <div className="scene scene--knowledge">
      <p className="scene__title">Shop helper · Knowledge</p>
      <ul className="scene-sources">
        {SOURCES.map((source) => (
          <li key={source.name} className="scene-source">
            <span className="scene-source__kind">{source.kind}</span>
            <span className="scene-source__name">{source.name}</span>
            <span className="scene-source__state">
              <span className="scene-badge scene-badge--pending">Embedding…</span>
              <span className="scene-badge scene-badge--done">Embedded</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}

function ChatScene() {
  return (
    <div className="scene scene--chat">
      <p className="scene__title">Chat with Shop helper</p>
      <div className="scene-chat">
        <p className="bubble bubble--user scene-step-1">Do you deliver to Cairo?</p>
        <p className="bubble bubble--agent scene-step-2">
          Yes. Orders to Cairo arrive in 2–4 business days.
          <span className="bubble__source">Source: Shipping times</span>
        </p>
        <p className="bubble bubble--user scene-step-3" lang="fr">
          Et en France ?
        </p>
        <p className="bubble bubble--agent scene-step-4" lang="fr">
          Oui. La livraison en France prend 5 à 7 jours ouvrés.
          <span className="bubble__source">Source : Shipping times</span>
        </p>
      </div>
    </div>
  )
}

function EmbedScene() {
  return (
    <div className="scene scene--embed">
      <pre className="scene-code">
        <code>{generalWebsiteEmbedCode('https://agentdesk.example', 'your-client-key')}</code>
      </pre>
      <div className="scene-site">
        <span className="scene-site__line scene-site__line--wide" />
        <span className="scene-site__line" />
        <span className="scene-site__line scene-site__line--short" />
        <span className="scene-site__window">
          <span className="scene-site__window-header">Assistant</span>
          <span className="scene-site__window-message">Hello! How can I help you today?</span>
        </span>
        <span className="scene-site__launcher" />
      </div>
    </div>
  )
}
