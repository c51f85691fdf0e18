// The shop every test starts from unless it brings its own: a few products, collections, pages and policies.
import type { FakeStore } from './types.ts'

export function demoStore(): FakeStore {
  return {
    name: 'Alpine Outfitters',
    primaryDomainUrl: 'https://alpine.example',
    products: [
      {
        id: 1001,
        title: 'Summit Tent',
        handle: 'summit-tent',
        descriptionHtml:
          '<p>A <strong>four-season</strong> tent for two.</p><ul><li>Weighs 2.1 kg</li><li>Pitches in 5 minutes</li></ul>',
        onlineStoreUrl: 'https://alpine.example/products/summit-tent',
        productType: 'Tents',
        vendor: 'Alpine Co',
        tags: ['camping', 'four-season'],
        status: 'ACTIVE',
        currencyCode: 'EUR',
        imageUrl: 'https://cdn.shopify.com/s/files/1/0001/products/summit-tent.jpg?v=1',
        options: [{ name: 'Color', values: ['Green', 'Orange'] }],
        variants: [
          {
            id: 5001,
            title: 'Green',
            price: '349.00',
            sku: 'TENT-G',
            compareAtPrice: '399.00',
            options: { Color: 'Green' },
          },
          { id: 5002, title: 'Orange', price: '369.00', sku: 'TENT-O', available: false, options: { Color: 'Orange' } },
        ],
      },
      {
        id: 1002,
        title: 'Trail Mug',
        handle: 'trail-mug',
        descriptionHtml: '<p>Enamel mug, 350 ml.</p>',
        onlineStoreUrl: null,
        productType: 'Kitchen',
        vendor: 'Alpine Co',
        tags: [],
        status: 'ACTIVE',
        currencyCode: 'EUR',
        variants: [{ id: 5003, title: 'Default Title', price: '12.50', sku: null }],
      },
      {
        id: 1003,
        title: 'Prototype Stove',
        handle: 'prototype-stove',
        descriptionHtml: '<p>Not for sale yet.</p>',
        onlineStoreUrl: null,
        productType: 'Stoves',
        vendor: 'Alpine Co',
        tags: [],
        status: 'DRAFT',
        currencyCode: 'EUR',
        variants: [{ id: 5004, title: 'Default Title', price: '99.00', sku: 'STOVE' }],
      },
    ],
    collections: [
      { id: 2001, title: 'Camping', handle: 'camping', descriptionHtml: '<p>Everything for a night outside.</p>' },
      { id: 2002, title: 'Kitchen', handle: 'kitchen', descriptionHtml: '<p>Cook on the trail.</p>' },
      { id: 2003, title: 'Sale', handle: 'sale', descriptionHtml: '' },
    ],
    pages: [
      {
        id: 3001,
        title: 'About us',
        handle: 'about-us',
        body: '<p>Family run since 1987 in Chamonix.</p>',
        isPublished: true,
      },
      { id: 3002, title: 'Hidden draft', handle: 'hidden-draft', body: '<p>Not yet.</p>', isPublished: false },
    ],
    articles: [
      {
        id: 4001,
        title: 'Choosing a tent',
        handle: 'choosing-a-tent',
        body: '<p>Count the sleepers, then add one.</p>',
        isPublished: true,
        tags: ['guides'],
        author: 'Lea',
        blog: { handle: 'news', title: 'News' },
      },
    ],
    policies: [
      {
        id: 6001,
        title: 'Refund policy',
        body: '<p>Returns are accepted within 45 days of delivery.</p>',
        url: 'https://alpine.example/policies/refund-policy',
        type: 'REFUND_POLICY',
      },
      {
        id: 6002,
        title: 'Terms of service',
        body: '',
        url: 'https://alpine.example/policies/terms-of-service',
        type: 'TERMS_OF_SERVICE',
      },
    ],
    // Customer 7001 has two orders (one on its way with tracking); customer 7002 has one of their own.
    orders: [
      {
        id: 8001,
        name: '#1001',
        customerId: 7001,
        createdAt: '2026-11-02T10:00:00Z',
        fulfillmentStatus: 'FULFILLED',
        items: [{ title: 'Summit Tent', quantity: 1 }],
        tracking: [
          {
            company: 'UPS',
            number: '1Z999AA10123456784',
            url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
          },
        ],
      },
      {
        id: 8002,
        name: '#1004',
        customerId: 7001,
        createdAt: '2026-11-20T09:30:00Z',
        fulfillmentStatus: 'UNFULFILLED',
        items: [{ title: 'Trail Mug', quantity: 2 }],
      },
      {
        id: 8003,
        name: '#1003',
        customerId: 7002,
        createdAt: '2026-11-10T08:00:00Z',
        fulfillmentStatus: 'FULFILLED',
        items: [{ title: 'Secret Gift', quantity: 1 }],
      },
    ],
  }
}
