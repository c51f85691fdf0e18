// SPEC section 2, Help center: a search box and the tabs FAQ / Resources / Contact Support. The tab is
// kept in the address (?tab=resources), so links such as the community forum's can open a given tab.
// The search box narrows the FAQ and the resources as one types.
import { BlockStack, Card, Icon, Tabs, Text, TextField } from '@shopify/polaris'
import { SearchIcon } from '@shopify/polaris-icons'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import type { SupportContact } from '#server/support/support-contact.schemas.ts'
import { ContactSupport } from './contact-support.tsx'
import { FaqAccordion } from './faq-accordion.tsx'
import { HELP_FAQ } from './help-faq.ts'
import { HelpResourceList } from './help-resource-list.tsx'
import { HELP_RESOURCES } from './help-resources.ts'
import { matchesHelpSearch } from './match-help-search.ts'
import './help-center.css'

const TABS = [
  { id: 'faq', content: 'FAQ', panelID: 'help-faq-panel' },
  { id: 'resources', content: 'Resources', panelID: 'help-resources-panel' },
  { id: 'contact', content: 'Contact Support', panelID: 'help-contact-panel' },
]

export function HelpCenter({ contact }: { contact: SupportContact }) {
  const [search, setSearch] = useSearchParams()
  const [query, setQuery] = useState('')
  const selected = Math.max(
    0,
    TABS.findIndex((tab) => tab.id === search.get('tab')),
  )
  const tab = TABS[selected]?.id ?? 'faq'
  const questions = HELP_FAQ.filter((entry) => matchesHelpSearch(query, [entry.question, entry.answer]))
  const resources = HELP_RESOURCES.filter((resource) =>
    matchesHelpSearch(query, [resource.title, resource.description]),
  )

  return (
    <BlockStack gap="400">
      <div className="help-search" role="search">
        <TextField
          label="Search the help center"
          type="search"
          placeholder="Search for answers…"
          autoComplete="off"
          prefix={<Icon source={SearchIcon} />}
          value={query}
          onChange={setQuery}
          clearButton
          onClearButtonClick={() => setQuery('')}
        />
        <p className="visually-hidden" role="status">
          {query.trim() ? `${questions.length} questions and ${resources.length} resources match` : ''}
        </p>
      </div>
      <Card padding="0">
        <Tabs
          tabs={TABS}
          selected={selected}
          onSelect={(index) => setSearch({ tab: TABS[index]?.id ?? 'faq' }, { replace: true })}
          fitted
        >
          <div className="help-center__panel">
            {tab === 'faq' && (
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  Frequently asked questions
                </Text>
                {questions.length ? <FaqAccordion entries={questions} /> : <NoMatch query={query} />}
              </BlockStack>
            )}
            {tab === 'resources' && (
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  Resources
                </Text>
                {resources.length ? <HelpResourceList resources={resources} /> : <NoMatch query={query} />}
              </BlockStack>
            )}
            {tab === 'contact' && (
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  Contact Support
                </Text>
                <ContactSupport contact={contact} />
              </BlockStack>
            )}
          </div>
        </Tabs>
      </Card>
    </BlockStack>
  )
}

function NoMatch({ query }: { query: string }) {
  return (
    <Text as="p" tone="subdued">
      Nothing matches “{query}”. Try other words, or ask us on the Contact Support tab.
    </Text>
  )
}
