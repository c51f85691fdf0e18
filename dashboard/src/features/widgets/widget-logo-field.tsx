// The optional logo: dropped or chosen, shown before upload, removable. The server checks the bytes;
// the type and size are checked here first so a wrong file never waits on an upload.
import { BlockStack, Button, DropZone, InlineError, InlineStack, Text, Thumbnail } from '@shopify/polaris'
import { useObjectUrl } from './use-object-url.ts'
import { isAcceptableLogo, LOGO_MESSAGE } from './validate-widget-form.ts'

const ACCEPTED = 'image/png,image/jpeg,image/gif,image/webp'

export function WidgetLogoField({
  file,
  error: submitError,
  onChange,
}: {
  file: File | null
  error?: string
  onChange(file: File | null): void
}) {
  const preview = useObjectUrl(file)
  // Said as soon as the file is chosen, not only when the form is sent.
  const error = submitError ?? (file && !isAcceptableLogo(file) ? LOGO_MESSAGE : undefined)
  return (
    <BlockStack gap="200">
      <DropZone
        id="widget-logo"
        label="Logo (optional)"
        accept={ACCEPTED}
        type="image"
        allowMultiple={false}
        error={Boolean(error)}
        onDrop={(files) => {
          const [first] = files
          if (first) onChange(first)
        }}
      >
        {file && preview ? (
          <div className="widget-logo-chosen">
            <InlineStack gap="300" blockAlign="center" wrap={false}>
              <Thumbnail size="small" alt="" source={preview} />
              <Text as="span" truncate>
                {file.name}
              </Text>
            </InlineStack>
          </div>
        ) : (
          <DropZone.FileUpload actionTitle="Add logo" actionHint="PNG, JPEG, GIF or WebP, under 2 MB" />
        )}
      </DropZone>
      {error && <InlineError message={error} fieldID="widget-logo" />}
      {file && (
        <InlineStack>
          <Button variant="plain" tone="critical" onClick={() => onChange(null)}>
            Remove logo
          </Button>
        </InlineStack>
      )}
    </BlockStack>
  )
}
