// SPEC section 2, header: the notification icon with the count of notifications; opening it lists them
// (title, message, action link), or No notifications; a failed read says why, with Try Again.
import { BlockStack, Button, Icon, Popover, Spinner, Text } from '@shopify/polaris'
import { NotificationIcon } from '@shopify/polaris-icons'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { useApi } from '../../api/api-context.tsx'
import { notificationsQuery } from './billing.queries.ts'
import { notificationActionLabel } from './notification-action.ts'
import './billing.css'

export function NotificationsMenu() {
  const client = useApi()
  const notifications = useQuery(notificationsQuery(client))
  const [open, setOpen] = useState(false)
  // A line standing for several waiting conversations counts as that many.
  const count = (notifications.data ?? []).reduce((sum, notification) => sum + (notification.count ?? 1), 0)
  const label = count === 0 ? 'Notifications' : `Notifications (${count})`

  const activator = (
    <button
      type="button"
      className="icon-button notification-bell"
      aria-label={label}
      aria-expanded={open}
      aria-haspopup="dialog"
      onClick={() => setOpen((current) => !current)}
    >
      <Icon source={NotificationIcon} />
      {count > 0 ? (
        <span className="notification-bell__count" aria-hidden="true" data-testid="notification-count">
          {count > 9 ? '9+' : count}
        </span>
      ) : null}
    </button>
  )

  return (
    <Popover
      active={open}
      activator={activator}
      onClose={() => setOpen(false)}
      preferredAlignment="right"
      ariaHaspopup="dialog"
    >
      <div role="dialog" aria-label="Notifications">
        {notifications.isPending ? (
          <div className="notification-list">
            <Spinner size="small" accessibilityLabel="Loading notifications" />
          </div>
        ) : notifications.isError ? (
          <div className="notification-list">
            <Text as="p" tone="critical">
              Unable to load notifications
            </Text>
            <Text as="p" variant="bodySm">
              {notifications.error.message}
            </Text>
            <div>
              <Button variant="plain" onClick={() => void notifications.refetch()}>
                Try Again
              </Button>
            </div>
          </div>
        ) : count === 0 ? (
          <div className="notification-list">
            <Text as="p" tone="subdued">
              No notifications
            </Text>
          </div>
        ) : (
          <ul className="notification-list">
            {notifications.data.map((notification) => {
              const action = notificationActionLabel(notification)
              return (
                <li
                  key={notification.id}
                  className={`notification-list__item notification-list__item--${notification.level}`}
                  data-testid="notification"
                >
                  <BlockStack gap="100">
                    <Text as="p" fontWeight="semibold">
                      {notification.title}
                    </Text>
                    <Text as="p" variant="bodySm">
                      {notification.message}
                    </Text>
                    {action && notification.action_url ? (
                      <Link to={notification.action_url} onClick={() => setOpen(false)}>
                        {action}
                      </Link>
                    ) : null}
                  </BlockStack>
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </Popover>
  )
}
