import { Button } from '../components/ui/Button/Button';
import { getCart } from '../data/cart.server';
import { getCheckoutForm, getDemoFormNotice, getPage } from '../data/content.server';
import { DemoForm } from '../components/ui/DemoForm/DemoForm';
import { FieldGrid } from '../components/ui/FieldGrid/FieldGrid';
import { FormStatus } from '../components/ui/FormStatus/FormStatus';
import { RadioGroup } from '../components/ui/RadioGroup/RadioGroup';
import { cx } from '../lib/class-names';
import { pageMeta } from '../lib/meta';
import { formatPrice } from '../lib/money';
import * as layout from '../styles/layout.css';
import type { Route } from './+types/checkout';
import * as styles from './checkout.css';

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export async function loader() {
  const cart = await getCart();
  return {
    page: await getPage('checkOut'),
    ...(await getCheckoutForm()),
    order: {
      lines: cart.lines.map((line) => ({ id: line.id, name: line.name, quantity: line.quantity, total: line.total })),
      subtotalLabel: cart.copy.totals.subtotal,
      subtotal: cart.subtotal,
      shipping: cart.shipping,
      totalLabel: cart.copy.totals.total,
      total: cart.total,
    },
  };
}

// Demo forms send nothing anywhere: the action never reads the body and answers the notice (0008).
export async function action() {
  return { notice: await getDemoFormNotice() };
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { copy, order } = loaderData;
  return (
    <div className={layout.pageBody}>
      <DemoForm className={layout.columns.wide}>
        <div className={styles.details}>
          <section className={styles.section} aria-labelledby="billing-heading">
            <h2 id="billing-heading" className={layout.sectionHeading}>
              {copy.billingHeading}
            </h2>
            <FieldGrid fields={loaderData.billingFields} idPrefix="billing" />
          </section>
          <section className={styles.section} aria-labelledby="notes-heading">
            <h2 id="notes-heading" className={layout.sectionHeading}>
              {copy.notesHeading}
            </h2>
            <FieldGrid fields={[loaderData.orderNotesField]} idPrefix="checkout" />
          </section>
        </div>

        <section className={cx(layout.panel, styles.summary)} aria-labelledby="order-heading">
          <h2 id="order-heading" className={layout.sectionHeading}>
            {copy.summaryHeading}
          </h2>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{copy.summaryColumns.product}</th>
                <th scope="col" className={styles.amount}>
                  {copy.summaryColumns.total}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.id}>
                  <th scope="row" className={styles.lineName}>
                    {line.name} <span className={styles.quantity}>× {line.quantity}</span>
                  </th>
                  <td className={styles.amount}>{formatPrice(line.total)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{order.subtotalLabel}</th>
                <td className={styles.amount}>{formatPrice(order.subtotal)}</td>
              </tr>
              <tr>
                <th scope="row">{order.shipping.label}</th>
                <td className={styles.amount}>
                  {order.shipping.method}: {formatPrice(order.shipping.amount)}
                </td>
              </tr>
              <tr className={styles.total}>
                <th scope="row">{order.totalLabel}</th>
                <td className={styles.amount}>{order.total}</td>
              </tr>
            </tfoot>
          </table>
          <RadioGroup
            name="payment"
            legend={copy.paymentLegend}
            options={loaderData.paymentOptions}
            defaultValue={copy.defaultPayment}
            layout="stacked"
            className={styles.payment}
          />
          <Button type="submit" tone="accent" width="full">
            {copy.submit}
          </Button>
          <FormStatus message={actionData?.notice} />
        </section>
      </DemoForm>
    </div>
  );
}
