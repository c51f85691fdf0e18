// The demo page's player: the four product steps drawn and animated in CSS, in place of a video file.
// While it plays, step changes are not announced (that would talk over the visitor); when paused,
// choosing a step is announced politely.
import { Icon } from '@shopify/polaris'
import { ChevronLeftIcon, ChevronRightIcon, PauseCircleIcon, PlayCircleIcon, ReplayIcon } from '@shopify/polaris-icons'
import { DemoScene, SCENE_NARRATION } from './demo-scenes.tsx'
import { PRODUCT_STEPS } from './product-steps.ts'
import { useWalkthrough } from './use-walkthrough.ts'
import './demo-walkthrough.css'

const STEP_MS = 7_000

export function DemoWalkthrough() {
  const walkthrough = useWalkthrough(PRODUCT_STEPS.length, STEP_MS)
  const { index, isPlaying, hasEnded, run } = walkthrough
  const step = PRODUCT_STEPS[index] ?? PRODUCT_STEPS[0]!
  const playLabel = isPlaying ? 'Pause walkthrough' : hasEnded ? 'Replay walkthrough' : 'Play walkthrough'
  return (
    <section className="walkthrough" aria-labelledby="walkthrough-title">
      <h2 id="walkthrough-title" className="visually-hidden">
        Product walkthrough
      </h2>
      <div className="walkthrough__player">
        <div className="walkthrough__stage" key={run}>
          <DemoScene stepId={step.id} />
          <div
            className={`walkthrough__progress${isPlaying ? ' walkthrough__progress--running' : ''}`}
            aria-hidden="true"
          >
            <span style={{ animationDuration: `${STEP_MS}ms` }} />
          </div>
        </div>
        <div
          className="walkthrough__caption"
          aria-live={isPlaying ? 'off' : 'polite'}
          data-testid="walkthrough-caption"
        >
          <p className="walkthrough__counter">
            Step {index + 1} of {PRODUCT_STEPS.length}
          </p>
          <h3>{step.title}</h3>
          <p>{step.summary}</p>
          <p className="visually-hidden">{SCENE_NARRATION[step.id]}</p>
        </div>
        <div className="walkthrough__controls">
          <button
            type="button"
            className="walkthrough__control"
            onClick={() => walkthrough.goTo(index - 1)}
            disabled={index === 0}
            aria-label="Previous step"
          >
            <Icon source={ChevronLeftIcon} />
          </button>
          <button
            type="button"
            className="walkthrough__control walkthrough__control--main"
            onClick={isPlaying ? walkthrough.pause : walkthrough.play}
          >
            <Icon source={isPlaying ? PauseCircleIcon : hasEnded ? ReplayIcon : PlayCircleIcon} />
            <span>{playLabel}</span>
          </button>
          <button
            type="button"
            className="walkthrough__control"
            onClick={() => walkthrough.goTo(index + 1)}
            disabled={index === PRODUCT_STEPS.length - 1}
            aria-label="Next step"
          >
            <Icon source={ChevronRightIcon} />
          </button>
        </div>
      </div>
      <nav className="walkthrough__chapters" aria-label="Walkthrough steps">
        <ol>
          {PRODUCT_STEPS.map((chapter, chapterIndex) => (
            <li key={chapter.id}>
              <button
                type="button"
                className="walkthrough__chapter"
                aria-current={chapterIndex === index ? 'step' : undefined}
                onClick={() => walkthrough.goTo(chapterIndex)}
              >
                <span className="walkthrough__chapter-number" aria-hidden="true">
                  {chapterIndex + 1}
                </span>
                <span className="walkthrough__chapter-text">
                  <strong>{chapter.title}</strong>
                  <span>{chapter.summary}</span>
                </span>
              </button>
            </li>
          ))}
        </ol>
      </nav>
    </section>
  )
}
