import { BUSINESS_HOURS, BUSINESS_TIME_ZONE } from './business-hours.ts'

export function BusinessHoursTable() {
  return (
    <div className="business-hours">
      <table className="hours" data-testid="business-hours">
        <caption>Business hours ({BUSINESS_TIME_ZONE})</caption>
        <tbody>
          {BUSINESS_HOURS.map((row) => (
            <tr key={row.days}>
              <th scope="row">{row.days}</th>
              <td>{row.hours}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hours__note">
        Phone lines follow these hours. E-mail and chat messages are answered within 24 hours, every day.
      </p>
    </div>
  )
}
