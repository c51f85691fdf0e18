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

// The same, where a person can still be asked for (the integration offers it): a person's chat is not metered.
const PAUSED_ASK_A_PERSON: Record<string, string> = {
  en: 'This assistant is paused right now. You can still ask to talk to a person.',
  ar: 'هذا المساعد متوقف مؤقتًا الآن. لا يزال بإمكانك طلب التحدث إلى شخص.',
  de: 'Dieser Assistent ist gerade pausiert. Sie können trotzdem darum bitten, mit einer Person zu sprechen.',
  es: 'Este asistente está en pausa en este momento. Aún puedes pedir hablar con una persona.',
  fr: 'Cet assistant est en pause pour le moment. Vous pouvez toujours demander à parler à une personne.',
  hi: 'यह सहायक अभी रुका हुआ है। आप फिर भी किसी व्यक्ति से बात करने के लिए कह सकते हैं।',
  id: 'Asisten ini sedang dijeda. Anda tetap dapat meminta untuk berbicara dengan seseorang.',
  it: 'Questo assistente è in pausa in questo momento. Puoi comunque chiedere di parlare con una persona.',
  ja: 'このアシスタントは現在一時停止中です。担当者と話したい場合はリクエストできます。',
  nl: 'Deze assistent is momenteel gepauzeerd. U kunt nog steeds vragen om met een persoon te praten.',
  pt: 'Este assistente está pausado no momento. Você ainda pode pedir para falar com uma pessoa.',
  ru: 'Этот помощник сейчас приостановлен. Вы всё ещё можете попросить поговорить с человеком.',
  tr: 'Bu asistan şu anda duraklatıldı. Yine de bir kişiyle konuşmak isteyebilirsiniz.',
  zh: '此助手目前已暂停。您仍然可以请求与真人交谈。',
}

export const VISITOR_LANGUAGES = Object.keys(CANNOT_ANSWER)

/** The `reason` of a visitor's refusal: the widget shows it in the bot's voice (unlike a model failure's `unavailable`). */
const VISITOR_REFUSAL_REASON = 'assistant_paused'

/**
 * What a visitor gets instead: 503 and a polite sentence in the best of their languages (the browser's
 * Accept-Language, as Express negotiates it with VISITOR_LANGUAGES), English otherwise; where the widget
 * offers a person (`personOffered`), the sentence says the visitor can still ask for one.
 */
export function visitorRefusal(language: string | false | undefined, { personOffered = false } = {}): AppError {
  const texts = personOffered ? PAUSED_ASK_A_PERSON : CANNOT_ANSWER
  const message = (language && texts[language.toLowerCase().split('-')[0] ?? '']) || (texts.en as string)
  return new AppError('SERVICE_UNAVAILABLE', message, { reason: VISITOR_REFUSAL_REASON })
}
