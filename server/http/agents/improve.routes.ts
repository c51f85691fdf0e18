import { Router, type RequestHandler } from 'express'
import type { Database } from '../../db/database.ts'
import { answerQuestionToImprove } from '../../improve/answer-question-to-improve.ts'
import { dismissQuestion } from '../../improve/dismiss-question.ts'
import { AnswerToImproveSchema, DismissQuestionSchema } from '../../improve/improve.schemas.ts'
import { listQuestionsToImprove } from '../../improve/list-questions-to-improve.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import { actorOf } from '../authenticate.ts'
import { parseIdParam } from '../parse-id-param.ts'

/** An agent's questions to improve (its Improve tab): read for its readers, answered or dismissed by its editors. */
export function improveRoutes({
  database,
  queue,
  signedIn,
}: {
  database: Database
  queue: JobQueue
  signedIn: RequestHandler
}): Router {
  const router = Router()
  const agentOf = (value: unknown) => parseIdParam(value, 'Agent not found')
  router.get('/agents/:agentId/improve/', signedIn, async (req, res) => {
    res.json({
      questions: await listQuestionsToImprove(database, { actor: actorOf(res), agentId: agentOf(req.params.agentId) }),
    })
  })
  router.post('/agents/:agentId/improve/answer/', signedIn, async (req, res) => {
    const input = AnswerToImproveSchema.parse(req.body)
    const text = await answerQuestionToImprove(database, {
      queue,
      actor: actorOf(res),
      agentId: agentOf(req.params.agentId),
      input,
    })
    res.status(201).json({ message: 'Answer saved: the agent answers this question from it from now on', text })
  })
  router.post('/agents/:agentId/improve/dismiss/', signedIn, async (req, res) => {
    const { question } = DismissQuestionSchema.parse(req.body)
    res.json({
      message: 'Question dismissed',
      ...(await dismissQuestion(database, { actor: actorOf(res), agentId: agentOf(req.params.agentId), question })),
    })
  })
  return router
}
