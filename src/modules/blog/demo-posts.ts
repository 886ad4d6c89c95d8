// Two published posts for the demo store, added through the blog service by the first-run seed.
import type { AppContext } from '../../context.ts';
import { demoSeedHooks, type DemoSeedHook } from '../../seed/demo.ts';
import type { NewPostInput } from './service.ts';

export const DEMO_POSTS: NewPostInput[] = [
  {
    title: 'Welcome to our new online store',
    excerpt: 'Browse the catalog, book a service and pay online: here is what is new.',
    coverImageUrl: 'https://picsum.photos/seed/demo-blog-welcome/1200/675',
    coverImageAlt: 'The shop counter on opening day',
    status: 'published',
    contentHtml:
      '<p>Our shop is now online. You can browse the <strong>full catalog</strong>, book services at a time that suits you and pay securely.</p>' +
      '<h2>What you can do</h2><ul><li>Order products for delivery or pickup</li><li>Book appointments from our live availability</li><li>Follow this blog for news and offers</li></ul>' +
      '<p>Questions? <a href="https://example.com/contact">Get in touch</a>.</p>',
  },
  {
    title: 'Five tips to get the most from your booking',
    excerpt: 'Arrive prepared and leave happy: a short checklist before your appointment.',
    coverImageUrl: 'https://picsum.photos/seed/demo-blog-tips/1200/675',
    coverImageAlt: 'A calendar with a booked appointment',
    status: 'published',
    contentHtml:
      '<p>A little preparation goes a long way.</p><ol><li>Book early for weekend slots.</li><li>Arrive five minutes before your time.</li>' +
      '<li>Tell us about any allergies.</li><li>Check your confirmation email.</li><li>Reschedule rather than miss a slot.</li></ol>' +
      '<blockquote>Good service starts before you walk in.</blockquote>',
  },
];

export const seedDemoPosts: DemoSeedHook = async (ctx: AppContext, demo) => {
  for (const post of DEMO_POSTS) await ctx.services.blog.createPost(demo.storeId, post, demo.ownerUserId);
};

if (!demoSeedHooks.includes(seedDemoPosts)) demoSeedHooks.push(seedDemoPosts);
