// A drawn chat window for the hero: HTML and CSS only, so the page needs no image download. It shows
// the multilingual pitch: a question in Spanish answered in Spanish from the shop's own policy.
export function ChatPreview() {
  return (
    <figure className="chat-preview">
      <div className="chat-preview__window" aria-hidden="true">
        <div className="chat-preview__header">
          <span className="chat-preview__avatar">A</span>
          <span className="chat-preview__who">
            <strong>Shop Assistant</strong>
            <span className="chat-preview__status">Online 24/7</span>
          </span>
        </div>
        <div className="chat-preview__messages">
          <p className="bubble bubble--user" lang="es">
            ¿Puedo devolver un pedido después de dos semanas?
          </p>
          <p className="bubble bubble--agent" lang="es">
            Sí. Puedes devolver cualquier producto dentro de los 30 días posteriores a la entrega, con reembolso
            completo.
            <span className="bubble__source">Source: Returns policy.pdf</span>
          </p>
          <p className="bubble bubble--typing">
            <span />
            <span />
            <span />
          </p>
        </div>
        <div className="chat-preview__input">
          <span>Type your message…</span>
          <span className="chat-preview__send">Send</span>
        </div>
      </div>
      <span className="chat-preview__badge chat-preview__badge--languages" aria-hidden="true">
        95+ languages
      </span>
      <span className="chat-preview__badge chat-preview__badge--sources" aria-hidden="true">
        Answers from your documents
      </span>
      <figcaption className="visually-hidden">
        Example chat: a customer asks in Spanish whether an order can be returned after two weeks; the agent answers in
        Spanish, from the shop’s returns policy, that products can be returned within 30 days of delivery.
      </figcaption>
    </figure>
  )
}
