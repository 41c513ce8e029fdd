import { ADMIN, expect, expectNoSidewaysScroll, loginAs, test } from './support/fixtures';
import { customerPage, placePaidOrder } from './support/back-office';

// The counter clerk's journey (staff dashboard on a phone) is in staff-counter.spec.ts.

test('the admin adds a service, the customer sees it; deactivated, it disappears', async ({ page, browser }) => {
  await loginAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/services/new');
  await page.getByLabel('Service name').fill('Spiral Bound Thesis A4');
  await page.getByLabel('Description', { exact: true }).fill('Thesis printing on bond paper with spiral binding.');
  await page.getByLabel(/single-sided/).fill('0');
  await page.getByLabel(/double-sided/).fill('6');
  await page.getByRole('button', { name: 'Create service' }).click();
  await expect(page.getByText('Price must be a positive number')).toBeVisible();
  // Money is whole paise: a fraction of a paisa is refused (it was stored as ₹0), and the form says what it takes.
  await expect(page.getByLabel(/double-sided/)).toHaveAccessibleDescription(
    'In rupees, at least ₹0.01, at most 2 decimals (e.g. 2 or 2.50)',
  );
  await page.getByLabel(/single-sided/).fill('0.004');
  await page.getByRole('button', { name: 'Create service' }).click();
  await expect(page.getByText('Price must be in whole paise (at most 2 decimals), at least ₹0.01')).toBeVisible();
  await expect(page.getByLabel(/single-sided/)).toHaveAccessibleDescription(
    'Price must be in whole paise (at most 2 decimals), at least ₹0.01',
  );
  await page.getByLabel(/single-sided/).fill('3.5');
  await page.getByLabel('Category').selectOption('black_white_printing');
  // The category brings its printing type along.
  await expect(page.getByLabel('Printing type')).toHaveValue('bw');
  await page.getByRole('button', { name: 'Create service' }).click();
  await expect(page).toHaveURL(/\/admin\/services$/);

  const customer = await customerPage(browser);
  await customer.page.goto('/services/black_white_printing');
  await expect(customer.page.getByRole('heading', { name: 'Spiral Bound Thesis A4' })).toBeVisible();

  const card = page.getByTestId('admin-service').filter({ hasText: 'Spiral Bound Thesis A4' });
  await card.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(card.getByText('Inactive')).toBeVisible();
  await customer.page.reload();
  await expect(customer.page.getByRole('heading', { name: 'Color Printing A4' })).toHaveCount(0);
  await expect(customer.page.getByRole('heading', { name: 'Black & White Printing A4', exact: true })).toBeVisible();
  await expect(customer.page.getByRole('heading', { name: 'Spiral Bound Thesis A4' })).toHaveCount(0);
  await customer.ctx.close();
});

test('services: edit with a success message, bulk activate and deactivate, search, delete after confirming', async ({
  page,
}) => {
  await loginAs(page, ADMIN.email, ADMIN.password);
  // This journey edits and deletes a service of its own: the seeded catalogue stays as other journeys expect it.
  const created = await page.request.post('/api/admin/services', {
    multipart: {
      name: 'Color Printing A3 Flyer',
      description: 'A3 colour flyers on bond paper for shop windows and notice boards.',
      price_single_side: '25',
      price_double_side: '45',
      category: 'color_printing',
      printing_type: 'color',
      paper_size: 'a3',
      paper_type: 'bond_100gsm',
    },
  });
  expect(created.status()).toBe(201);
  await page.goto('/admin/services');
  const cards = page.getByTestId('admin-service');
  await expect(cards.first()).toBeVisible();

  // 'Activate All' shows while any service is inactive; 'Deactivate All' once all are active.
  const activateAll = page.getByRole('button', { name: 'Activate All', exact: true });
  if (await activateAll.isVisible()) {
    await activateAll.click();
    await expect(page.getByTestId('toast')).toContainText('All services activated');
  }
  await expect(page.getByRole('button', { name: 'Deactivate All', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate All', exact: true })).toHaveCount(0);

  // 'Deactivate All' hides the whole catalogue: it asks first, naming how many services; Cancel changes nothing.
  const active = await cards.count();
  await page.getByRole('button', { name: 'Deactivate All', exact: true }).click();
  const confirmAll = page.getByRole('dialog', { name: `Deactivate all ${active} services?` });
  await expect(confirmAll).toContainText(`${active} services will be hidden from customers`);
  await expect(confirmAll.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirmAll.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmAll).toHaveCount(0);
  await expect(cards.getByText('Inactive', { exact: true })).toHaveCount(0);
  expect(((await (await page.request.get('/api/services')).json()) as unknown[]).length).toBe(active);
  // Escape closes it the same way; then confirmed, every service goes off, and Activate All brings them back.
  await page.getByRole('button', { name: 'Deactivate All', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(confirmAll).toHaveCount(0);
  await expect(cards.getByText('Inactive', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Deactivate All', exact: true }).click();
  await confirmAll.getByRole('button', { name: `Deactivate ${active} services` }).click();
  await expect(page.getByTestId('toast')).toContainText('All services deactivated');
  await expect(cards.getByText('Inactive', { exact: true })).toHaveCount(active);
  await page.getByRole('button', { name: 'Activate All', exact: true }).click();
  await expect(cards.getByText('Inactive', { exact: true })).toHaveCount(0);

  await cards
    .filter({ hasText: 'Color Printing A3 Flyer' })
    .getByRole('button', { name: 'Deactivate', exact: true })
    .click();
  await expect(page.getByRole('button', { name: 'Activate All', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Activate All', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Deactivate All', exact: true })).toBeVisible();
  await expect(cards.getByText('Inactive', { exact: true })).toHaveCount(0);

  // Edit: the form loads the service, saves, says so and goes back to the list.
  await cards.filter({ hasText: 'Color Printing A3 Flyer' }).getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/admin\/services\/edit\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit Service' })).toBeVisible();
  await expect(page.getByLabel('Service name')).toHaveValue('Color Printing A3 Flyer');
  await page.getByLabel('Service name').fill('Colour Flyer A3');
  await page.getByLabel('Description', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Description must be at least 10 characters')).toBeVisible();
  await page.getByLabel('Description', { exact: true }).fill('Vivid A3 flyers for events, shops and classrooms.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Service updated');
  await expect(page.getByTestId('toast')).toContainText('The service has been successfully updated.');
  await expect(page).toHaveURL(/\/admin\/services$/);

  // Search, and its empty state.
  await page.getByLabel('Search services').fill('flyer');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Colour Flyer A3');
  await page.getByLabel('Search services').fill('laminated banner');
  await expect(page.getByText('No services found matching your search.')).toBeVisible();
  await page.getByLabel('Search services').fill('');

  // Delete asks first; Cancel keeps it, Delete removes it.
  const poster = cards.filter({ hasText: 'Colour Flyer A3' });
  await poster.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete service?' });
  await expect(confirm).toContainText('Colour Flyer A3');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(poster).toBeVisible();
  await poster.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete service?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('toast')).toContainText('Service deleted');
  await expect(poster).toHaveCount(0);
});

test('orders: dashboard counts lead to filtered lists; search, details with two tabs, status rules and messages', async ({
  page,
  browser,
}) => {
  const customer = await customerPage(browser, 'Padma Rani');
  const pickup = await placePaidOrder(customer.page.request, {
    deliveryType: 'pickup',
    fileName: 'Padma pickup notes.pdf',
  });
  const delivery = await placePaidOrder(customer.page.request, {
    deliveryType: 'delivery',
    fileName: 'Padma delivery notes.pdf',
  });

  await loginAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const total = Number(await page.getByTestId('stat-Total orders').textContent());
  const deliveries = Number(await page.getByTestId('stat-Home delivery').textContent());
  const pickups = Number(await page.getByTestId('stat-Shop pickup').textContent());
  expect(total).toBeGreaterThanOrEqual(2);
  expect(deliveries + pickups).toBe(total);
  await expect(page.getByTestId('stat-Active services')).toHaveText(/^\d+ \/ \d+$/);
  // The shop's version and its backups (decision 040).
  await expect(page.getByTestId('app-version')).toHaveText(/^Version \d+\.\d+\.\d+/);
  await expect(page.getByRole('button', { name: 'Back up now' })).toBeVisible();
  // The shop's other background work, each with its last run (the journeys' shop checks payments every 2 s).
  const work = page.getByTestId('background-jobs');
  await expect(work).toContainText(/Payments check \(paid orders the browser never reported\): last ran .+ IST, fine/);
  await expect(work).toContainText('Refunds check (refunds whose answer was lost)');

  // The customer's account is listed, found by e-mail, with the two orders they paid for.
  await page.getByLabel('Search accounts').fill(customer.email);
  const account = page.getByTestId('account-row');
  await expect(account).toHaveCount(1);
  await expect(account).toContainText('Padma Rani');
  await expect(account).toContainText('2 orders');
  await expect(page.getByTestId('accounts-total')).toHaveText('1 account found');
  await expectNoSidewaysScroll(page);

  // The quick button opens the delivery orders only.
  await page.getByRole('link', { name: 'Delivery orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?filter=delivery$/);
  await expect(page.getByLabel('Filter by delivery type')).toHaveValue('delivery');
  const cards = page.getByTestId('order-card');
  await expect(cards.filter({ hasText: delivery.orderNumber })).toBeVisible();
  await expect(cards.filter({ hasText: pickup.orderNumber })).toHaveCount(0);
  await expect(cards.filter({ hasText: 'Shop Pickup' })).toHaveCount(0);

  // Search (all types) finds the customer's orders by name; nonsense finds nothing.
  await page.getByLabel('Filter by delivery type').selectOption('all');
  await page.getByLabel('Search orders').fill('Padma');
  await expect(cards).toHaveCount(2);
  await page.getByLabel('Search orders').fill('no such order zzz');
  await expect(page.getByText('No orders found matching your filters.')).toBeVisible();
  await page.getByLabel('Search orders').fill(pickup.orderNumber);
  await expect(cards).toHaveCount(1);

  // A pickup order: no 'Delivered'; 'Collected' instead.
  const pickupCard = cards.filter({ hasText: pickup.orderNumber });
  const pickupStatus = pickupCard.getByLabel(/Status of/);
  await expect(pickupStatus.locator('option')).toHaveText([
    'Unvisited',
    'Visited',
    'Processing',
    'Completed',
    'Collected',
  ]);
  await expect(pickupCard.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/91\d{10}\?text=.*PS-/,
  );

  // Details: two tabs.
  await pickupCard.getByRole('button', { name: /Details/ }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${pickup.orderNumber}` });
  await expect(dialog.getByRole('tab', { name: 'Order Details', selected: true })).toBeVisible();
  await expect(dialog).toContainText(pickup.fileName);
  await expect(dialog).toContainText('Shop Pickup (FREE)');
  await dialog.getByRole('tab', { name: 'Delivery Address' }).click();
  await expect(dialog.getByRole('tabpanel')).toContainText('Self Pickup');
  await expect(dialog.getByRole('tabpanel')).toContainText('522002');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The customer has a pickup code: the admin hands it over without it only with a reason, which goes on the timeline.
  await pickupStatus.selectOption('collected');
  // Never printed: the admin is asked first (decision 039).
  const ask = page.getByRole('dialog', { name: 'Not printed yet' });
  await expect(ask).toContainText(
    `${pickup.orderNumber} is still Unvisited: it has not been printed. Mark it Collected anyway?`,
  );
  await ask.getByRole('button', { name: 'Yes, mark it Collected' }).click();
  const handOver = page.getByRole('dialog', { name: `Hand over ${pickup.orderNumber} without the code?` });
  await handOver.getByRole('button', { name: 'Mark collected' }).click();
  await expect(handOver.getByText('Write the reason (at least 5 characters)')).toBeVisible();
  await handOver.getByLabel('Reason').fill('Her husband collected it with the order mail on his phone');
  await handOver.getByRole('button', { name: 'Mark collected' }).click();
  await expect(page.getByTestId('toast')).toContainText('Status updated');
  await expect(page.getByTestId('toast')).toContainText('Order status updated to collected');
  await expect(pickupStatus).toHaveValue('collected');

  // A delivery order: no 'Collected'; its address tab shows the address the customer gave.
  await page.getByLabel('Search orders').fill(delivery.orderNumber);
  const deliveryCard = cards.filter({ hasText: delivery.orderNumber });
  await expect(cards).toHaveCount(1);
  await expect(deliveryCard.getByLabel(/Status of/).locator('option')).toHaveText([
    'Unvisited',
    'Visited',
    'Processing',
    'Completed',
    'Delivered',
  ]);
  await deliveryCard.getByRole('button', { name: /Details/ }).click();
  await page.getByRole('dialog').getByRole('tab', { name: 'Delivery Address' }).click();
  await expect(page.getByRole('dialog').getByRole('tabpanel')).toContainText('12-3 Brodipet 4th Line');
  await page.keyboard.press('Escape');

  // The status filter is part of the address: the dashboard's 'Completed' count lands on it.
  await page.getByLabel('Search orders').fill('');
  await page.getByLabel('Filter by status').selectOption('collected');
  await expect(page).toHaveURL(/status=collected/);
  await expect(cards.filter({ hasText: pickup.orderNumber })).toBeVisible();
  await expect(cards.filter({ hasText: delivery.orderNumber })).toHaveCount(0);
  await customer.ctx.close();
});

test('the admin creates, edits, deactivates and deletes a staff member, who can then no longer sign in', async ({
  page,
  request,
}) => {
  await loginAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/staff');
  await expect(page.getByRole('columnheader')).toHaveText(['Name', 'Mobile Number', 'Status', 'Created', 'Actions']);
  const mobile = `8${String(Date.now()).slice(-9)}`;
  await page.getByRole('button', { name: 'Add Staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Staff' });
  await dialog.getByRole('button', { name: 'Add Staff' }).click();
  await expect(dialog.getByText('Please fill all fields')).toBeVisible();
  await dialog.getByLabel('Name').fill('Suresh');
  await dialog.getByLabel('Mobile Number').fill(mobile);
  // A clerk's password follows the customers' rules, with the same meter and messages.
  await dialog.getByLabel('Password', { exact: true }).fill('counter456');
  await expect(dialog.getByTestId('password-strength')).toContainText('Medium');
  await dialog.getByRole('button', { name: 'Add Staff' }).click();
  await expect(dialog.getByText('Password must contain at least 1 uppercase letter')).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill('Counter@456');
  await expect(dialog.getByTestId('password-strength')).toContainText('Strong');
  await dialog.getByRole('button', { name: 'Add Staff' }).click();
  await expect(page.getByTestId('toast')).toContainText('Staff created');
  const row = page.getByRole('row').filter({ hasText: mobile });
  await expect(row).toContainText('Suresh');

  // A second clerk with the same mobile number is refused with the server's words.
  await page.getByRole('button', { name: 'Add Staff' }).click();
  await dialog.getByLabel('Name').fill('Someone Else');
  await dialog.getByLabel('Mobile Number').fill(mobile);
  await dialog.getByLabel('Password', { exact: true }).fill('Counter@789');
  await dialog.getByRole('button', { name: 'Add Staff' }).click();
  await expect(dialog.getByRole('alert')).toContainText('already exists');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('dialog', { name: 'Edit Staff' }).getByLabel('Name').fill('Suresh Babu');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toContainText('Staff updated');
  await expect(row).toContainText('Suresh Babu');
  let login = await request.post('/api/auth/staff/login', { data: { mobile_number: mobile, password: 'Counter@456' } });
  expect(login.status()).toBe(200); // an empty password in the edit kept the old one

  await row.getByRole('button', { name: /click to deactivate/ }).click();
  await expect(row.getByText('Inactive')).toBeVisible();
  login = await request.post('/api/auth/staff/login', { data: { mobile_number: mobile, password: 'Counter@456' } });
  // Even the right password gets the answer a wrong one gets, which says what to do (and no session): decision 034.
  expect(login.status()).toBe(401);
  expect((await login.json()).message).toBe(
    'Invalid mobile number or password. A deactivated account cannot sign in: ask the shop admin.',
  );

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('toast')).toContainText('Staff deleted');
  await expect(page.getByRole('row').filter({ hasText: mobile })).toHaveCount(0);
  login = await request.post('/api/auth/staff/login', { data: { mobile_number: mobile, password: 'Counter@456' } });
  expect(login.status()).toBe(401);
  expect((await login.json()).token).toBeUndefined();
});
