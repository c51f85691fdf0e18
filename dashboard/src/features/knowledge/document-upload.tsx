// SPEC sections 2, 5 and 8: the Upload button and its file input. The type and the 50MB limit are
// checked before anything is sent; the upload may take up to 10 minutes.
import { Button, InlineStack, Spinner, Text } from '@shopify/polaris'
import { UploadIcon } from '@shopify/polaris-icons'
import { useId, useRef, type RefObject } from 'react'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { AGENTS_KEY } from '../agents/agents.queries.ts'
import { asUploadFailure, checkDocumentFile, DOCUMENT_EXTENSIONS } from './document-rules.ts'
import { KNOWLEDGE_TIMEOUT_MS } from './knowledge-timeout.ts'
import { showSavedToast } from './saved-toast.ts'
import { useTrainsAutomatically } from './use-trains-automatically.ts'
import { knowledgeRoutes } from '../../api/routes/knowledge-routes.ts'

/** fileInput: the file input, for another button (the empty list's) to open the same chooser. */
export function DocumentUpload({ agentId, fileInput }: { agentId: string; fileInput?: RefObject<HTMLInputElement> }) {
  const toaster = useToast()
  const trainsAutomatically = useTrainsAutomatically(agentId)
  const ownInput = useRef<HTMLInputElement>(null)
  const input = fileInput ?? ownInput
  const inputId = useId()
  const upload = useApiMutation<File>({
    run: async (client, file) => {
      const form = new FormData()
      form.append('document_name', file.name)
      form.append('document_file', file, file.name)
      try {
        return await client.call(knowledgeRoutes.uploadDocument, {
          params: { agentId },
          form,
          timeoutMs: KNOWLEDGE_TIMEOUT_MS,
        })
      } catch (error) {
        throw asUploadFailure(error)
      }
    },
    errorTitle: 'Upload failed',
    successToast: false,
    invalidates: [AGENTS_KEY],
    onSuccess: (output) =>
      showSavedToast(toaster, output, {
        title: 'Document uploaded',
        message: trainsAutomatically
          ? 'It is being read, then embedded: the agent uses it once both are done.'
          : 'It is being read; embed it once it is ready.',
      }),
  })

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '' // the same file can be chosen again after a fix
    if (!file) return
    const problem = checkDocumentFile(file)
    if (problem) return toaster.error(problem.title, problem.message)
    upload.mutate(file)
  }

  return (
    <InlineStack gap="300" blockAlign="center">
      <label htmlFor={inputId} className="visually-hidden">
        Choose a document to upload
      </label>
      <input
        ref={input}
        id={inputId}
        className="knowledge-file-input"
        type="file"
        accept={DOCUMENT_EXTENSIONS.join(',')}
        tabIndex={-1}
        data-testid="document-file-input"
        onChange={(event) => choose(event.currentTarget.files?.[0])}
      />
      <Button variant="primary" icon={UploadIcon} onClick={() => input.current?.click()} loading={upload.isPending}>
        Upload Document
      </Button>
      <div aria-live="polite" className="knowledge-upload-status">
        {upload.isPending && upload.variables ? (
          <InlineStack gap="200" blockAlign="center">
            <Spinner size="small" accessibilityLabel="Uploading" />
            <Text as="span" variant="bodySm" tone="subdued">{`Uploading ${upload.variables.name}…`}</Text>
          </InlineStack>
        ) : null}
      </div>
    </InlineStack>
  )
}
