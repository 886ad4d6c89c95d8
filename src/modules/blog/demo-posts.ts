// Two published posts for the demo store, added through the blog service by the first-run seed.
// Cover pictures ship with the service (/demo-assets/).
import type { AppContext } from '../../context.ts';
import { demoSeedHooks, type DemoSeedHook } from '../../seed/demo.ts';
import { demoAssetUrl } from '../../seed/demo-assets.ts';
import type { NewPostInput } from './service.ts';

export const demoPosts = (publicBaseUrl: string): NewPostInput[] => [
  {
    title: 'Welcome to our new online store',
    excerpt: 'Browse the catalog, book a service and pay online: here is what is new.',
    coverImageUrl: demoAssetUrl(publicBaseUrl, 'blog-welcome'),
    coverImageAlt: 'The shop counter on opening day',
    status: 'published',
    contentHtml:
      '<p>Our shop is now online. You can browse the <strong>full catalog</strong>, book services at a time that suits you and pay securely.</p>' +
      '<h2>What you can do</h2><ul><li>Order products and pay online</li><li>Book appointments from our live availability</li><li>Follow this blog for news and offers</li></ul>' +
      '<p>Questions? <a href="https://example.com/contact">Get in touch</a>.</p>',
  },
  {
    title: 'Five tips to get the most from your booking',
    excerpt: 'Arrive prepared and leave happy: a short checklist before your appointment.',
    coverImageUrl: demoAssetUrl(publicBaseUrl, 'blog-tips'),
    coverImageAlt: 'A calendar with a booked appointment',
    status: 'published',
    contentHtml:
      '<p>A little preparation goes a long way.</p><ol><li>Book early for weekend slots.</li><li>Arrive five minutes before your time.</li>' +
      '<li>Tell us about any allergies.</li><li>Check your confirmation email.</li><li>Call us if you need another time: we can move your booking.</li></ol>' +
      '<blockquote>Good service starts before you walk in.</blockquote>',
  },
];

export const seedDemoPosts: DemoSeedHook = async (ctx: AppContext, demo) => {
  for (const post of demoPosts(ctx.config.publicBaseUrl)) await ctx.services.blog.createPost(demo.storeId, post, demo.ownerUserId);
};

if (!demoSeedHooks.includes(seedDemoPosts)) demoSeedHooks.push(seedDemoPosts);
