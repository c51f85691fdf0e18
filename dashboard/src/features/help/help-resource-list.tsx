import { Icon } from '@shopify/polaris'
import { Link } from 'react-router'
import type { HelpResource } from './help-resources.ts'

export function HelpResourceList({ resources }: { resources: HelpResource[] }) {
  return (
    <ul className="help-resources">
      {resources.map((resource) => (
        <li key={resource.id} className="help-resource">
          <span className="help-resource__icon">
            <Icon source={resource.icon} />
          </span>
          <div className="help-resource__text">
            <h3>{resource.title}</h3>
            <p>{resource.description}</p>
            <Link to={resource.to} className="help-resource__link">
              {resource.action}
              <span className="visually-hidden">: {resource.title}</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  )
}
