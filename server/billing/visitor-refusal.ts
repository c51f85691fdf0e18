import { AppError } from '../errors/app-error.ts'

// What a website visitor reads when the agent owner's plan refuses: never the plan, its limits or its owner.
const CANNOT_ANSWER: Record<string, string> = {
  en: "This assistant can't answer right now. Please try again later.",
  ar: 'لا يستطيع هذا المساعد الرد الآن. يرجى المحاولة لاحقًا.',
  de: 'Dieser Assistent kann gerade nicht antworten. Bitte versuchen Sie es später erneut.',
  es: 'Este asistente no puede responder en este momento. Inténtalo de nuevo más tarde.',
  fr: 'Cet assistant ne peut pas répondre pour le moment. Veuillez réessayer plus tard.',
  hi: 'यह सहायक अभी उत्तर नहीं दे सकता। कृपया बाद में फिर से प्रयास करें।',
  id: 'Asisten ini tidak dapat menjawab saat ini. Silakan coba lagi nanti.',
  it: 'Questo assistente non può rispondere in questo momento. Riprova più tardi.',
  ja: 'このアシスタントは現在応答できません。しばらくしてからもう一度お試しください。',
  nl: 'Deze assistent kan nu niet antwoorden. Probeer het later opnieuw.',
  pt: 'Este assistente não pode responder agora. Tente novamente mais tarde.',
  ru: 'Этот помощник сейчас не может ответить. Пожалуйста, попробуйте позже.',
  tr: 'Bu asistan şu anda yanıt veremiyor. Lütfen daha sonra tekrar deneyin.',
  zh: '此助手暂时无法回答。请稍后再试。',
}

export const VISITOR_LANGUAGES = Object.keys(CANNOT_ANSWER)

/** The `reason` of a visitor's refusal: the widget shows it in the bot's voice (unlike a model failure's `unavailable`). */
const VISITOR_REFUSAL_REASON = 'assistant_paused'

/**
 * What a visitor gets instead: 503 and a polite sentence in the best of their languages (the browser's
 * Accept-Language, as Express negotiates it with VISITOR_LANGUAGES), English otherwise.
 */
export function visitorRefusal(language: string | false | undefined): AppError {
  const message =
    (language && CANNOT_ANSWER[language.toLowerCase().split('-')[0] ?? '']) || (CANNOT_ANSWER.en as string)
  return new AppError('SERVICE_UNAVAILABLE', message, { reason: VISITOR_REFUSAL_REASON })
}
