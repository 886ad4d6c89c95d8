// Generated from /openapi.json by scripts/generate-api-types.ts (npm run generate:api). Do not edit.
export interface paths {
    "/api/auth/invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What an invitation link offers (store, role, invited address), for the page it opens; 400 invitation-invalid, invitation-used, invitation-withdrawn or invitation-expired */
        post: operations["previewInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/invitation/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation as the signed-in user (once); the account must have the invited address (403 invitation-other-account) */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/invitation/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation with a new account (once): the account gets the invited address and the name and password chosen here, and is signed in. 409 email-taken when the address has an account: sign in and accept instead. */
        post: operations["acceptInvitationWithNewAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in; repeated failures are throttled (429) */
        post: operations["logIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End this session */
        post: operations["logOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The logged-in user and their stores */
        get: operations["getCurrentUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change your password (the current one is checked like a login: 400 wrong-password, 429 when throttled); your other sessions end, this one stays */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask for a password-reset link by email: 202 whatever the email, answered before the account is looked up (neither the answer nor its timing says whether an account exists); the mail, when SMTP is configured, holds a single-use link valid for one hour */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the token of a reset link (once; 400 reset-token-invalid, reset-token-used or reset-token-expired); every session of the account ends */
        post: operations["confirmPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a staff account, a store and the owner membership */
        post: operations["signUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which store alerts you are emailed, per store (owners get all by default, others none) */
        get: operations["getMyNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Choose which alerts of one of your stores you are emailed (the fields given change; 403 if you are not a member) */
        patch: operations["updateMyNotifications"];
        trace?: never;
    };
    "/api/public/blog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Published posts of a store, newest publishedAt first; keyset cursor stable while posts are published */
        get: operations["listPublicPosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/blog/{postSlug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One published post with its sanitized contentHtml (404 post-not-found for drafts and unknown slugs) */
        get: operations["getPublicPost"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/blog/rss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** RSS 2.0 feed of the store blog (newest 50 posts, content:encoded) */
        get: operations["getBlogFeed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Store settings */
        get: operations["getStore"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update store settings (owner/admin); a new slug moves the public blog URLs */
        patch: operations["updateStore"];
        trace?: never;
    };
    "/api/stores/{storeId}/blog/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every post of the store (drafts and archived included), newest created first */
        get: operations["listPosts"];
        put?: never;
        /** Create a post as draft (default) or published; the slug comes from the title unless given */
        post: operations["createPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/blog/posts/{postId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One post */
        get: operations["getPost"];
        put?: never;
        post?: never;
        /** Delete a post (a published one is unpublished first: blog.post.unpublished) */
        delete: operations["deletePost"];
        options?: never;
        head?: never;
        /** Update the fields sent; a published post changes publicly at once (blog.post.updated) */
        patch: operations["updatePost"];
        trace?: never;
    };
    "/api/stores/{storeId}/blog/posts/{postId}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Publish a draft or archived post (blog.post.published); publishing a published post changes nothing */
        post: operations["publishPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/blog/posts/{postId}/unpublish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move a post to draft (default) or archived; a published post leaves the API, pages and RSS at once (blog.post.unpublished) */
        post: operations["unpublishPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/blog/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The public post page for the fields sent, as it would look published now (same template, same sanitizing); nothing is saved */
        post: operations["previewPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Bookings of the store, newest first, with staff notes */
        get: operations["listStoreBookings"];
        put?: never;
        /**
         * Enter a booking at the front desk (walk-in, phone, WhatsApp, social): confirmed at once; sourceChannel is the source
         * @description In an open time with room, any member. A full time or one outside the service's hours is 409 slot-unavailable, unless an owner or admin sends allowOverbook (the booking is then marked overbooked). A time already started records a visit after the fact (owners and admins; status completed, attendance attended, no customer mail). The customer is an existing one (customerId) or is found by phone in any format of the store's country, or by email, or added; they get the confirmation mail when an email is known.
         */
        post: operations["createStaffBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/bookings/{bookingId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One booking */
        get: operations["getBooking"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change status (pending → confirmed, cancelled, rescheduled; confirmed → completed, cancelled, rescheduled; rescheduled → confirmed, completed, cancelled, rescheduled; a reschedule carries bookingDate and bookingTime; others 409), attendance (no_show after the start, attended), staff notes or payment status */
        patch: operations["updateBooking"];
        trace?: never;
    };
    "/api/stores/{storeId}/bookings/{bookingId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The messages of a booking, oldest first: to whom, what, and whether each was sent, failed or waits */
        get: operations["listBookingMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Customers of the store, newest first, with search and cursor pagination */
        get: operations["listStoreCustomers"];
        put?: never;
        /** Add a customer by hand (409 conflict when the email or phone already belongs to a customer of this store) */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/customers/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One customer */
        get: operations["getCustomer"];
        put?: never;
        post?: never;
        /** Delete a customer (409 conflict while bookings or orders refer to it) */
        delete: operations["deleteCustomer"];
        options?: never;
        head?: never;
        /** Update name, email, phone, notes or tags (only the fields sent; null clears email, phone or notes) */
        patch: operations["updateCustomer"];
        trace?: never;
    };
    "/api/stores/{storeId}/gallery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every gallery entry, unpublished included, in display order */
        get: operations["listGalleryEntries"];
        put?: never;
        /** Add a gallery entry */
        post: operations["createGalleryEntry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/gallery/{entryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a gallery entry */
        delete: operations["deleteGalleryEntry"];
        options?: never;
        head?: never;
        /** Update a gallery entry (only the fields sent; isPublished:false hides it from integrations) */
        patch: operations["updateGalleryEntry"];
        trace?: never;
    };
    "/api/stores/{storeId}/gallery/order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Reorder the whole gallery in one step: list every entry id once in display order (409 conflict when entries are missing from the list) */
        put: operations["reorderGalleryEntries"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/invitations/{invitationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Withdraw an invitation (owner/admin): its link stops working (404 invitation-not-found when it was accepted or withdrawn already) */
        delete: operations["withdrawInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/invitations/{invitationId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send an invitation again (owner/admin): a new link valid 7 days replaces the old one, which stops working. Counts toward the hourly budget. */
        post: operations["resendInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All items of the store, unpublished included */
        get: operations["listItems"];
        put?: never;
        /** Create an item (product, service with schedule, or course) */
        post: operations["createItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/items/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One item */
        get: operations["getItem"];
        put?: never;
        post?: never;
        /** Delete an item */
        delete: operations["deleteItem"];
        options?: never;
        head?: never;
        /** Update an item (only the fields sent) */
        patch: operations["updateItem"];
        trace?: never;
    };
    "/api/stores/{storeId}/items/{itemId}/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Open slots of a service or course (published or not) between from and to: the integration availability answer, with store dates allowed */
        get: operations["getItemAvailability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/items/{itemId}/stock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Adjust a product's stock: {add} received (negative: removed) or {stockCount}; every member, staff included
         * @description Staff may count stock (goods arrive while the owner is out) but not change prices, create or delete items. 422 not-stocked for services and courses; 409 conflict when an add would go below zero or the product does not track stock.
         */
        patch: operations["adjustStock"];
        trace?: never;
    };
    "/api/stores/{storeId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Members of the store, and the invitations not yet accepted (pending, or expired and waiting to be resent) */
        get: operations["listMembers"];
        put?: never;
        /** Invite someone (owner/admin): a single-use link valid 7 days is mailed to the address; they have no access until they accept. The answer is the same whether or not the address has an account. An open invitation to the same address is replaced. Throttled per store and per inviter (429). 409 when the address is already a member. */
        post: operations["inviteMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member (owner/admin); the last owner stays */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/messages/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A message kind rendered with the store's name, contact, time zone and locale, about a made-up booking or order: subject, HTML and text, and the calendar file for booking mails */
        get: operations["previewMessage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/messages/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the server sends mail (SMTP configured) and what waits in the outbox */
        get: operations["getMailState"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Orders, newest first, optionally by status, customer, booking, item and the days they were paid */
        get: operations["listOrders"];
        put?: never;
        /** A sale at the counter: products at catalog prices, stock taken at once (409 out-of-stock), paid now or to collect; sourceChannel counter */
        post: operations["createCounterSale"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/orders/{orderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One order (by orderId or reference), with its refunds */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/orders/{orderId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel an unpaid order; its stock goes back */
        post: operations["cancelOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/orders/{orderId}/fulfilment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move a paid order to pending_delivery or confirmed */
        post: operations["moveOrderFulfilment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/orders/{orderId}/mark-paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Settle a pending order as paid (cash collected, manual or mobile-money transfer seen, manual review resolved) */
        post: operations["markOrderPaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/orders/{orderId}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refund a paid order, whole or in part (amountMinor; owner or admin). Paid through Paystack: asked of Paystack, pending until it confirms (then partially_refunded or refunded, order.refunded); a refusal is 502 with the refund recorded as failed. Sandbox and manual payments: refunded at once. restock puts the items back when the order is refunded whole */
        post: operations["refundOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The console's Today page in one request: today's and the next 7 days' bookings, pending approvals, orders waiting for payment or delivery, 30 days of sales; for owners and admins, the week's failed webhook deliveries and sync runs and a new store's next steps */
        get: operations["getOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/promo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The store promo (one per store), whether or not it is inside its window */
        get: operations["getStorePromo"];
        /** Set the store promo: creates it or replaces it whole (fields not sent become null) */
        put: operations["setStorePromo"];
        post?: never;
        /** Remove the store promo (404 when there is none) */
        delete: operations["deleteStorePromo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/reports/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Bookings per status with bookingDate between from and to (store dates, both optional), every status listed */
        get: operations["getBookingsReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/reports/sales": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Paid orders and revenue per day (store time zone), every day of the range, and grouped by day, week or month */
        get: operations["getSalesReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/reports/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an owner reads of a period: revenue, best sellers, bookings by status and no-show rate, busiest days and hours, returning customers (owners and admins) */
        get: operations["getReportSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/schedule-preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The next open slots of a schedule being edited (nothing is saved); with itemId, that service's bookings take their seats */
        post: operations["previewSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/staff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The store's bookable people, oldest first */
        get: operations["listStaff"];
        put?: never;
        /** Add a bookable person: name, photo, weekly hours, time off and the services they perform (a service with performers is then booked per person) */
        post: operations["createStaff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/staff/{staffId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One bookable person */
        get: operations["getStaff"];
        put?: never;
        post?: never;
        /** Remove a person with no bookings to come (409 conflict listing them otherwise); past bookings keep their name */
        delete: operations["deleteStaff"];
        options?: never;
        head?: never;
        /** Change a person: fields sent replace theirs (timeOff and weeklyHours whole). Time off over their bookings to come is 409 conflict listing them, unless keepBookings */
        patch: operations["updateStaff"];
        trace?: never;
    };
    "/api/stores/{storeId}/videos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every video of the store, in feed order */
        get: operations["listVideos"];
        put?: never;
        /** Add a video to the feed */
        post: operations["createVideo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stores/{storeId}/videos/{videoId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a video (the feed 404s once the last one is gone) */
        delete: operations["deleteVideo"];
        options?: never;
        head?: never;
        /** Update a video (only the fields sent) */
        patch: operations["updateVideo"];
        trace?: never;
    };
    "/api/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a cover image (multipart/form-data, field "file"; PNG, JPEG, GIF, WebP or AVIF by content; at most 5 MB); returns its public URL */
        post: operations["uploadImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Manage link: the booking (service, time, status, reference) with the store's contact; move and cancel while before the cut-off
         * @description The page a booking's manageUrl opens. No store is named when the link is not valid. `done` shows a notice after a change (booked: just booked on the store page).
         */
        get: operations["showManagePage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b/{token}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Manage link: asks before cancelling ("Yes, cancel" posts, "Keep it" goes back)
         * @description Past the cut-off or once closed: 303 to the booking page.
         */
        get: operations["showCancelBookingPage"];
        put?: never;
        /**
         * Manage link: the customer cancels (a form with no fields)
         * @description Recorded with actor customer; the customer is mailed and the store alerted.
         */
        post: operations["cancelBookingByCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/b/{token}/move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Manage link: pick a day (the next 14 as links) and a free time of the same service
         * @description A day that cannot be chosen (malformed, past, beyond the service's maxAdvanceDays) shows today with a notice. Past the cut-off or once closed: 303 to the booking page.
         */
        get: operations["showMoveBookingPage"];
        put?: never;
        /**
         * Manage link: move the booking to the free time pressed
         * @description Recorded with actor customer; the customer is mailed and the store alerted. A time taken meanwhile answers the move page (409) with the nearest free times.
         */
        post: operations["moveBookingByCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/developer/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Keys of the store (never their secrets) */
        get: operations["listKeys"];
        put?: never;
        /**
         * Create an integration key for the store; the secret is shown once
         * @description An owner or admin session may give the key any scopes. A key (scope developer) may only create keys whose scopes are all its own: otherwise 403 forbidden naming the scopes it lacks (with no scopes given, the default website set is asked for, and must be within them too). The new key records createdBy (key:<keyId> or user:<userId>); a key made by a key is revoked when that key is.
         */
        post: operations["createKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/developer/keys/{keyId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a key now, and the keys it created (every instance within 1 s)
         * @description Revoking a key also revokes every key it created, and the keys those created, in the same transaction (they share its revokedAt). Each stops working on every instance within 1 s. Keys that created this one are not affected.
         */
        post: operations["revokeKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/developer/sync-runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sync and rollback runs of the store, newest first, with status, duration, counts and failures */
        get: operations["listSyncRuns"];
        put?: never;
        /**
         * Apply a catalog feed atomically (JSON or text/csv), or dry-run it; any invalid row fails the run and changes nothing
         * @description JSON: {mode, items, allowMassDelete?, dryRun?}. CSV: a header row naming item fields, one item per row; mode (default upsert), allowMassDelete and dryRun in the query. At most 20000 items and 16 MB. A failed run answers 400 validation-failed (invalid rows) or 409 mass-delete-refused (a full feed deleting more than half the catalog), with the recorded run. A dry run (dryRun true in the body or the query) checks the feed exactly like a real run and answers 200 {ok, dryRun, counts, failures, changes} without changing anything or recording a run; where a real run would fail it answers the same error, with dryRun, counts, failures and changes instead of a run.
         */
        post: operations["createSyncRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/developer/sync-runs/{runId}/rollback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore the catalog snapshot taken just before this run; only succeeded sync runs (409 otherwise) */
        post: operations["rollbackSyncRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/developer/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Webhook endpoints of the store (never their secrets) */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /** Register a webhook endpoint; its whsec_ secret is shown only now */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/developer/webhooks/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an endpoint, with its pending deliveries and history */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /** Change URL, events, description, enable/disable, or rotate the secret (new secret shown once) */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/developer/webhooks/{endpointId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Delivery history of an endpoint, newest first: attempts, response codes, planned retries, terminal failures */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/developer/webhooks/{endpointId}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a succeeded or failed delivery again: the same event (same webhook-id), due now, with a fresh retry schedule
         * @description The delivery worker makes the attempts; the history keeps every earlier attempt. 409 conflict for a pending or retrying delivery (still on its schedule) and for a disabled endpoint (enable it first); 404 not-found for an unknown delivery or one of another endpoint or store.
         */
        post: operations["redeliverWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/developer/webhooks/{endpointId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret; the new whsec_ secret is shown only now, the old one keeps signing beside it for 24 h
         * @description For 24 hours every delivery carries two signatures in webhook-signature (new secret first, then the old one, space-separated); after that only the new one. Rotating again within the 24 hours keeps only the secret that rotation replaced. 409 conflict when another rotation of the endpoint ran at the same time; 404 not-found for an unknown endpoint or one of another store.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/developer/webhooks/{endpointId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send one signed webhook.test event now and return the result */
        post: operations["sendTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Process is up */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrationCheckoutCreate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a checkout: order with catalog prices, stock reserved for 30 minutes, hosted payment URL (Idempotency-Key supported)
         * @description Accepts the basic and the extended payload. 201 with a new order; 200 with the still-pending order when clientOrderId repeats. 422 item-not-found / not-purchasable, 409 out-of-stock, 502 payment-provider-error.
         */
        post: operations["createCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrationCustomers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Customer records, newest first (scope customers:read; personal data, never cached) */
        get: operations["listCustomers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrationGallery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Published gallery entries with a URL, by sortOrder then createdAt */
        get: operations["getGallery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrationProducts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy catalog shape (developer reference): price in integer minor units */
        get: operations["getLegacyCatalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrationTopSelling": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Top-selling products from paid orders of the last `days` days (scope catalog:read) */
        get: operations["getTopSelling"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrationVideos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The store video feed; 404 video-feed-not-configured while the store has no videos */
        get: operations["getVideos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{reference}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sandbox hosted payment page: store, items, total, Pay / Decline / Cancel */
        get: operations["showPaymentPage"];
        put?: never;
        /**
         * Sandbox page action: pay → 303 to returnUrl; decline or cancel → 303 to cancelUrl (both with trxref and reference)
         * @description Errors answer browsers (Accept: text/html) with an HTML page of the same status, other clients with the JSON error body.
         */
        post: operations["submitPaymentPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{reference}/return": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Provider callback: verifies the payment with the provider, then 303 to returnUrl or cancelUrl with trxref and reference */
        get: operations["returnFromPayment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/publicQuickPayCatalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public read-only catalog for storefronts (no key, no stock counts) */
        get: operations["getPublicCatalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Database reachable */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/s/{storeSlug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Hosted store page: name, contact (call, WhatsApp, map), opening hours, services with price, length and Book, products (in or out of stock), latest blog posts; Open Graph tags for link previews */
        get: operations["showStorePage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/s/{storeSlug}/blog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Hosted blog page: published posts with title, image, excerpt and date */
        get: operations["showBlogPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/s/{storeSlug}/blog/{postSlug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Hosted post page with title, meta description, Open Graph, canonical URL and JSON-LD BlogPosting */
        get: operations["showPostPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/s/{storeSlug}/book": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Hosted booking flow: choose a service, a person (when the service has performers), a day and a free time, then give name and phone
         * @description Each step is a link with the choices so far in the query. A choice that no longer stands (a service taken off, a person who no longer performs it, a time just taken) goes back to the step before it with a notice.
         */
        get: operations["showBookingFlow"];
        put?: never;
        /**
         * Hosted booking flow: book the chosen time (a form); 303 to the booking's manage link
         * @description Booked like POST /v1IntegrationBookings with sourceChannel "store_page". The form's token must be one this page gave out, at least a few seconds and at most two hours before; a double tap books once. A filled honeypot field, a token that is not valid or too many bookings from one address book nothing.
         */
        post: operations["bookOnStorePage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sdk/client.tgz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The TypeScript client matching this server, as an npm package: npm install <this server's address>/sdk/client.tgz */
        get: operations["downloadClientPackage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/uploads/{storeId}/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An uploaded image, with the content type detected at upload */
        get: operations["getUpload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1IntegrationAvailability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Open slots of a service between from and to (at most 62 days), in the store time zone */
        get: operations["getAvailability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1IntegrationBookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Bookings of the store, newest first, with filters and a cursor */
        get: operations["listBookings"];
        put?: never;
        /** Book a slot of a service (Idempotency-Key replays the first response for 24 h) */
        post: operations["createBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1IntegrationCheckoutCancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a checkout still waiting for payment (e.g. a cart across stores whose other checkout failed): status cancelled, its stock back at once (Idempotency-Key supported)
         * @description 404 order-not-found; 409 conflict when the order is no longer waiting for payment (paid, cancelled, expired…), also when the provider says it was paid meanwhile (the payment is then recorded).
         */
        post: operations["cancelCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1IntegrationCheckoutPreview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Totals, fees and split for a checkout payload; nothing is stored or reserved */
        post: operations["previewCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1IntegrationOrderStatus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Order and payment status by reference, trxref or clientOrderId (scope orders:read)
         * @description Send one of the query parameters reference, trxref, clientOrderId (listed in x-required-one-of); without any, 400 validation-failed naming reference.
         */
        get: operations["getOrderStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1IntegrationProducts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Store catalog: products, services and courses (published only) */
        get: operations["getCatalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1IntegrationPromo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The store promo, or null when there is none or now is outside its startsAt/endsAt window */
        get: operations["getPromo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1IntegrationStore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The store as a website shows it: name, contact, country and locale, hours, closed dates, booking rules, links, bookable staff (a key with any website scope) */
        get: operations["getStoreInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/paystack": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Paystack webhook (x-paystack-signature: HMAC-SHA512 of the body with the secret key); charge.success marks the order paid once; refund.processed and refund.failed settle a refund asked of Paystack */
        post: operations["receivePaystackWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "blog.post.published": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A blog post was published */
        post: operations["onBlogPostPublishedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "blog.post.unpublished": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A blog post went back to draft, was archived or deleted */
        post: operations["onBlogPostUnpublishedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "blog.post.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A published blog post changed */
        post: operations["onBlogPostUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "booking.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A booking was created (integration API, hosted booking page or staff) */
        post: operations["onBookingCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "booking.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Staff changed a booking's status or rescheduled it */
        post: operations["onBookingUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "catalog.item.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An item entered the integration catalog: staff created it published, or published it */
        post: operations["onCatalogItemCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "catalog.item.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An item left the integration catalog: staff deleted or unpublished it; data is the item as it was */
        post: operations["onCatalogItemDeletedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "catalog.item.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Staff changed a published item (stock adjustments included) */
        post: operations["onCatalogItemUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "catalog.rolled_back": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A catalog sync run was rolled back */
        post: operations["onCatalogRolledBackEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "catalog.sync.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A catalog sync run was refused; nothing changed */
        post: operations["onCatalogSyncFailedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "catalog.sync.succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A catalog sync run applied a feed */
        post: operations["onCatalogSyncSucceededEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A customer record was created (by staff, or by a booking or order from a new contact) */
        post: operations["onCustomerCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A checkout or a counter sale created an order */
        post: operations["onOrderCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Payment of an order was confirmed */
        post: operations["onOrderPaidEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.payment_failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Payment of an order was declined or failed */
        post: operations["onOrderPaymentFailedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.refunded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Staff refunded an order (sent with order.updated) */
        post: operations["onOrderRefundedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An order changed (cancelled, expired, refunded, fulfilment) */
        post: operations["onOrderUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The test event of POST /developer/webhooks/{endpointId}/test */
        post: operations["onWebhookTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        Availability: {
            durationMinutes: number | null;
            ok: boolean;
            serviceId: string;
            slots: {
                /** @description seats per slot; for a service with performers, the number of performers asked about */
                capacity: number;
                /** @description YYYY-MM-DD in the store time zone (send as bookingDate) */
                date: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                end: string;
                /** @description seats left; for a service with performers, how many of them are free */
                remaining: number;
                /** @description a service with performers only: who is free for this slot (send one as staffId to book them) */
                staffIds?: string[];
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                start: string;
                /** @description HH:MM in the store time zone (send as bookingTime) */
                time: string;
            }[];
            storeId: string;
            timezone: string;
        };
        BlogPost: {
            contentHtml: string;
            coverImageAlt: string | null;
            coverImageUrl: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            /** @description staff user id of the author */
            createdBy: string;
            excerpt: string | null;
            id: string;
            publishedAt: string | null;
            slug: string;
            status: "draft" | "published" | "archived";
            storeId: string;
            storeSlug: string;
            title: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
            /** @description hosted page (served while published) */
            url: string;
        };
        /** @description The body of a blog.post.published delivery: A blog post was published. */
        BlogPostPublishedEvent: {
            /** Format: date-time */
            createdAt: string;
            data: {
                coverImageUrl: string | null;
                excerpt: string | null;
                postId: string;
                publishedAt: string | null;
                slug: string;
                /** @enum {string} */
                status: "draft" | "published" | "archived" | "deleted";
                storeSlug: string;
                title: string;
                /** Format: date-time */
                updatedAt: string;
                /** @description the post's public page */
                url: string;
            };
            /** @description evt_…, also the webhook-id header */
            id: string;
            storeId: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "blog.post.published";
        };
        /** @description The body of a blog.post.unpublished delivery: A blog post went back to draft, was archived or deleted. */
        BlogPostUnpublishedEvent: {
            /** Format: date-time */
            createdAt: string;
            data: {
                coverImageUrl: string | null;
                excerpt: string | null;
                postId: string;
                publishedAt: string | null;
                slug: string;
                /** @enum {string} */
                status: "draft" | "published" | "archived" | "deleted";
                storeSlug: string;
                title: string;
                /** Format: date-time */
                updatedAt: string;
                /** @description the post's public page */
                url: string;
            };
            /** @description evt_…, also the webhook-id header */
            id: string;
            storeId: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "blog.post.unpublished";
        };
        /** @description The body of a blog.post.updated delivery: A published blog post changed. */
        BlogPostUpdatedEvent: {
            /** Format: date-time */
            createdAt: string;
            data: {
                coverImageUrl: string | null;
                excerpt: string | null;
                postId: string;
                publishedAt: string | null;
                slug: string;
                /** @enum {string} */
                status: "draft" | "published" | "archived" | "deleted";
                storeSlug: string;
                title: string;
                /** Format: date-time */
                updatedAt: string;
                /** @description the post's public page */
                url: string;
            };
            /** @description evt_…, also the webhook-id header */
            id: string;
            storeId: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "blog.post.updated";
        };
        /** @description Booking record */
        Booking: {
            /** @description paid towards the booking through its deposit, net of refunds (major units) */
            amountPaid: number;
            /** @description the same in minor units */
            amountPaidMinor: number;
            /** @description recorded by the store: attended (completed) or no_show (cancelled after its start); null until then */
            attendance: ("attended" | "no_show") | null;
            attributes: {
                [key: string]: unknown;
            };
            bookingDate: string;
            bookingId: string;
            bookingStatus: "pending" | "pending_approval" | "confirmed" | "completed" | "cancelled" | "rescheduled";
            bookingTime: string;
            /** @description set once the booking is cancelled: by whom, why (no_show for a no-show), when */
            cancellation: {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                at: string;
                by: "store" | "customer";
                reason: string | null;
            } | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            customer: {
                email: string | null;
                name: string;
                phone: string;
            };
            customerId: string | null;
            /** @description the deposit the service asked when it was booked; null when none */
            deposit: {
                amount: number;
                amountMinor: number;
                /** @description due: waiting for payment (the time is held); paid; kept: paid and the customer did not come; refunded; review: money arrived late or did not match (staff decide); unpaid: not paid in time (cancelled as deposit_unpaid) or cancelled before it was */
                state: "due" | "paid" | "kept" | "refunded" | "review" | "unpaid";
            } | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            endAt: string;
            /** @description HH:MM in the store time zone */
            endTime: string;
            /** @description the booking's page for its customer ({PUBLIC_BASE_URL}/b/<token>): see it, cancel it or move it until the store's cut-off. A secret of this booking: give it to its customer only. Works until 7 days after the booking ends. */
            manageUrl: string;
            notes: string | null;
            paymentAmount: number | null;
            paymentAmountMinor: number | null;
            paymentMethod: string | null;
            paymentStatus: "payment_pending" | "paid" | "manual_review" | "refunded";
            quantity: number;
            reference: string;
            serviceId: string;
            serviceName: string;
            sourceChannel: string | null;
            /** @description the person booked, for a service with performers (see the store's staff); null otherwise */
            staffId: string | null;
            /** @description that person's display name when booked */
            staffName: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            startAt: string;
            status: "pending" | "pending_approval" | "confirmed" | "completed" | "cancelled" | "rescheduled";
            storeId: string;
            timezone: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        /** @description The body of a booking.created delivery: A booking was created (integration API, hosted booking page or staff). */
        BookingCreatedEvent: {
            /** Format: date-time */
            createdAt: string;
            data: components["schemas"]["Booking"];
            /** @description evt_…, also the webhook-id header */
            id: string;
            storeId: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "booking.created";
        };
        /** @description Booking create request: top-level payment fields or the payment object. Unknown fields are ignored. */
        BookingRequest: {
            /** @description free-form vertical data (at most 8 KB) */
            attributes?: {
                [key: string]: unknown;
            };
            /**
             * Format: date
             * @description YYYY-MM-DD in the store time zone (a slot date from v1IntegrationAvailability)
             */
            bookingDate: string;
            /** @description HH:MM in the store time zone (a slot time from v1IntegrationAvailability) */
            bookingTime: string;
            customer: {
                email?: string | null;
                name: string;
                /** @description 9 to 15 digits; spaces, +, - and brackets allowed */
                phone: string;
            };
            notes?: string;
            payment?: {
                amount?: number;
                /** @description never trusted: true gives paymentStatus manual_review */
                confirmed?: boolean;
                method?: string;
            };
            /** @description major currency units */
            paymentAmount?: number;
            /** @description gateway_checkout, manual, cash, momo… */
            paymentMethod?: string;
            /** @description seats taken in the slot (default 1) */
            quantity?: number;
            /** @description raw item id of a service or course */
            serviceId: string;
            serviceName?: string;
            sourceChannel?: string;
            /** @description a performer of the service (the store's staff list names who performs what; also read from attributes.staffId). Without it a free performer is assigned: the one with the fewest bookings that day. Naming a person who does not perform the service (or any person, for a service without performers) is 422 not-bookable */
            staffId?: string;
        };
        /** @description The body of a booking.updated delivery: Staff changed a booking's status or rescheduled it. */
        BookingUpdatedEvent: {
            /** Format: date-time */
            createdAt: string;
            data: components["schemas"]["Booking"] & {
                /** @description who made the change */
                changedBy: string;
                /** @description the booking's status before this change */
                previousStatus: string;
            };
            /** @description evt_…, also the webhook-id header */
            id: string;
            storeId: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "booking.updated";
        };
        Catalog: {
            count: number;
            ok: boolean;
            /** @description every published item */
            products: components["schemas"]["CatalogItem"][];
            /** @description published items of itemType product */
            publicProducts: components["schemas"]["CatalogItem"][];
            /** @description published items of itemType service */
            publicServices: components["schemas"]["CatalogItem"][];
            storeId: string;
        };
        CatalogItem: {
            category: string | null;
            currency: string;
            description: string | null;
            durationMinutes: number | null;
            id: string;
            imageAlt: string | null;
            imageUrl: string | null;
            imageUrls: string[];
            itemType: "product" | "service" | "course";
            name: string;
            /** @description major currency units */
            price: number;
            /** @description minor currency units */
            priceMinor: number;
            stockCount: number | null;
            storeId: string;
            /** @description PRODUCT, SERVICE or COURSE */
            type: string;
            updatedAt: string | null;
        };
        /** @description The body of a catalog.item.created delivery: An item entered the integration catalog: staff created it published, or published it. */
        CatalogItemCreatedEvent: {
            /** Format: date-time */
            createdAt: string;
            data: components["schemas"]["CatalogItem"];
            /** @description evt_…, also the webhook-id header */
            id: string;
            storeId: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "catalog.item.created";
        };
        /** @description The body of a catalog.item.deleted delivery: An item left the integration catalog: staff deleted or unpublished it; data is the item as it was. */
        CatalogItemDeletedEvent: {
            /** Format: date-time */
            createdAt: string;
            data: components["schemas"]["CatalogItem"];
            /** @description evt_…, also the webhook-id header */
            id: string;
            storeId: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "catalog.item.deleted";
        };
        /** @description The body of a catalog.item.updated delivery: Staff changed a published item (stock adjustments included). */
        CatalogItemUpdatedEvent: {
            /** Format: date-time */
            createdAt: string;
            data: components["schemas"]["CatalogItem"];
            /** @description evt_…, also the webhook-id header */
            id: string;
            storeId: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "catalog.item.updated";
        };
        /** @description The body of a catalog.rolled_back delivery: A catalog sync run was rolled back. */
        CatalogRolledBackEvent: {
            /** Format: date-time */
            createdAt: string;
            data: {
                rolledBackRunId: string;
                rolledBackRunIds: string[];
                run: components["schemas"]["SyncRun"];
            };
            /** @description evt_…, also the webhook-id header */
            id: string;
            storeId: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "catalog.rolled_back";
        };
        /** @description The body of a catalog.sync.failed delivery: A catalog sync run was refused; nothing changed. */
        CatalogSyncFailedEvent: {
            /** Format: date-time */
            createdAt: string;
            data: {
                run: components["schemas"]["SyncRun"];
            };
            /** @description evt_…, also the webhook-id header */
            id: string;
            storeId: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "catalog.sync.failed";
        };
        /** @description The body of a catalog.sync.succeeded delivery: A catalog sync run applied a feed. */
        CatalogSyncSucceededEvent: {
            /** Format: date-time */
            createdAt: string;
            data: {
                run: components["schemas"]["SyncRun"];
            };
            /** @description evt_…, also the webhook-id header */
            id: string;
            storeId: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "catalog.sync.succeeded";
        };
        Checkout: {
            /** @description major units; 0 until paid */
            amountPaid: number;
            amountPaidMinor: number;
            authorizationUrl: string | null;
            checkoutUrl: string | null;
            clientOrderId: string | null;
            currency: string;
            expiresAt: string | null;
            feeBearer: "customer" | "store";
            /** @description fees added to the customer total (0 when the store bears the platform fee) */
            fees: number;
            feesMinor: number;
            items: {
                itemId: string;
                lineTotal: number;
                lineTotalMinor: number;
                name: string;
                qty: number;
                /** @description major units */
                unitPrice: number;
                unitPriceMinor: number;
            }[];
            ok: boolean;
            orderId: string;
            payment_reference: string | null;
            paymentMethod: string;
            paymentReference: string | null;
            /** @description payment_pending */
            paymentStatus: string;
            /** @description ORD-… ; also the trxref the hosted page returns with */
            reference: string;
            /** @description who receives the total */
            split: {
                platformMinor: number;
                storeMinor: number;
            };
            /** @description pending_payment (gateway), pending_cash_collection or pending_manual */
            status: string;
            storeId: string;
            subtotal: number;
            subtotalMinor: number;
            /** @description what the customer pays, major units */
            total: number;
            totalMinor: number;
        };
        CheckoutPreview: {
            clientOrderId: string | null;
            currency: string;
            feeBearer: "customer" | "store";
            /** @description fees added to the customer total (0 when the store bears the platform fee) */
            fees: number;
            feesMinor: number;
            items: {
                itemId: string;
                lineTotal: number;
                lineTotalMinor: number;
                name: string;
                qty: number;
                /** @description major units */
                unitPrice: number;
                unitPriceMinor: number;
            }[];
            ok: boolean;
            /** @description who receives the total */
            split: {
                platformMinor: number;
                storeMinor: number;
            };
            storeId: string;
            subtotal: number;
            subtotalMinor: number;
            /** @description what the customer pays, major units */
            total: number;
            totalMinor: number;
        };
        /** @description Checkout create payload, basic or extended form. Unknown fields are ignored. One of storeId, store_id, merchantId, merchant_id names the store (400 missing-store-id without); the lines are items, else cart. An order also needs customer with a name, and returnUrl and cancelUrl unless paymentMethod is cash, manual or momo. */
        CheckoutRequest: {
            /** @description informational browser total; ignored */
            amount?: number;
            /** @description absolute http(s) URL for cancel or failure (required for gateway checkout) */
            cancelUrl?: string;
            /** @description extended form; used when items is absent (then at least one) */
            cart?: ({
                /** @description extended form: item id */
                id?: string;
                /** @description raw item id (a `<storeId>_` prefix is removed); else id, else productId */
                item_id?: string;
                /** @description product */
                item_type?: string;
                /** @description must equal storeId */
                merchant_id?: string;
                /** @description must equal storeId */
                merchantId?: string;
                /** @description informational; the catalog name is used */
                name?: string;
                /** @description display id, for debugging only; never used for matching */
                originalProductId?: string;
                /** @description informational; ignored (prices come from the catalog) */
                price?: number;
                /** @description extended form: item id */
                productId?: string;
                /** @description 1–999 */
                qty?: number;
                /** @description 1–999 */
                quantity?: number;
                /** @description must equal storeId */
                store_id?: string;
                /** @description must equal storeId */
                storeId?: string;
                /** @description PRODUCT */
                type?: string;
                /** @description informational; ignored (prices come from the catalog) */
                unitPrice?: number;
            } & ((unknown | unknown | unknown) & (unknown | unknown)))[];
            /** @description extended form duplicate of clientOrderId */
            client_order_id?: string;
            /** @description caller-chosen order reference; repeating it for a pending order returns that order */
            clientOrderId?: string;
            /** @description must be the store currency when sent */
            currency?: string;
            /** @description the buyer; required with a name to create an order, optional for the preview */
            customer?: {
                /** @description required with the paystack provider */
                email?: string;
                /** @description required (not only spaces) */
                name?: string;
                /** @description 9 to 15 digits; spaces, +, - and brackets allowed */
                phone?: string;
            } & unknown;
            delivery?: {
                location?: string;
                notes?: string;
            };
            /** @description the lines (both forms); at least one */
            items?: ({
                /** @description extended form: item id */
                id?: string;
                /** @description raw item id (a `<storeId>_` prefix is removed); else id, else productId */
                item_id?: string;
                /** @description product */
                item_type?: string;
                /** @description must equal storeId */
                merchant_id?: string;
                /** @description must equal storeId */
                merchantId?: string;
                /** @description informational; the catalog name is used */
                name?: string;
                /** @description display id, for debugging only; never used for matching */
                originalProductId?: string;
                /** @description informational; ignored (prices come from the catalog) */
                price?: number;
                /** @description extended form: item id */
                productId?: string;
                /** @description 1–999 */
                qty?: number;
                /** @description 1–999 */
                quantity?: number;
                /** @description must equal storeId */
                store_id?: string;
                /** @description must equal storeId */
                storeId?: string;
                /** @description PRODUCT */
                type?: string;
                /** @description informational; ignored (prices come from the catalog) */
                unitPrice?: number;
            } & ((unknown | unknown | unknown) & (unknown | unknown)))[];
            /** @description extended form duplicate of merchantId */
            merchant_id?: string;
            /** @description same value as storeId */
            merchantId?: string;
            /** @description product */
            orderType?: string;
            /** @description gateway_checkout (default): hosted payment page; cash/manual/momo: order waits for staff to settle */
            paymentMethod?: "gateway_checkout" | "cash" | "manual" | "momo";
            /** @description absolute http(s) URL for success (required for gateway checkout) */
            returnUrl?: string;
            /** @description extended form duplicate */
            source_channel?: string;
            /** @description extended form duplicate */
            source_label?: string;
            /** @description e.g. client_website */
            sourceChannel?: string;
            /** @description free label */
            sourceLabel?: string;
            /** @description extended form duplicate of storeId */
            store_id?: string;
            /** @description store identifier (or store_id / merchantId / merchant_id) */
            storeId?: string;
            /** @description extended form; ignored */
            syncRequestedAt?: string;
            /** @description extended form; ignored */
            syncStatus?: string;
        } & ((unknown | unknown | unknown | unknown) & (unknown | unknown) & unknown & (unknown | {
            /** @enum {unknown} */
            paymentMethod: "cash" | "manual" | "momo";
        }));
        Customer: {
            bookingsCount: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            email: string | null;
            id: string;
            name: string;
            /** @description bookings marked as a no-show */
            noShowCount: number;
            notes: string | null;
            ordersCount: number;
            phone: string | null;
            phoneE164: string | null;
            /** @description staff tags, e.g. VIP */
            tags: string[];
            /** @description major currency units */
            totalSpent: number;
            /** @description minor currency units */
            totalSpentMinor: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        /** @description The body of a customer.created delivery: A customer record was created (by staff, or by a booking or order from a new contact). */
        CustomerCreatedEvent: {
            /** Format: date-time */
            createdAt: string;
            data: components["schemas"]["Customer"];
            /** @description evt_…, also the webhook-id header */
            id: string;
            storeId: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "customer.created";
        };
        /** @description Every error response: ok false, a stable error code, a message, the request id, and details per field when the input was refused. */
        ErrorBody: {
            details?: {
                field: string;
                message: string;
            }[];
            /**
             * @description stable error code, e.g. invalid-api-key
             * @enum {string}
             */
            error: "unauthorized" | "invalid-api-key" | "missing-store-id" | "contract-version-mismatch" | "forbidden" | "password-change-required" | "customers-not-allowed" | "bad-request" | "invalid-request" | "validation-failed" | "invalid-json" | "invalid-range" | "invalid-csv" | "invalid-signature" | "payload-too-large" | "unsupported-media-type" | "request-timeout" | "headers-too-large" | "rate-limited" | "not-found" | "store-not-found" | "service-not-found" | "item-not-found" | "post-not-found" | "booking-not-found" | "order-not-found" | "user-not-found" | "member-not-found" | "key-not-found" | "sync-run-not-found" | "invitation-not-found" | "staff-not-found" | "video-feed-not-configured" | "not-bookable" | "not-purchasable" | "not-stocked" | "slot-unavailable" | "out-of-stock" | "idempotency-key-reuse" | "conflict" | "slug-taken" | "email-taken" | "wrong-password" | "reset-token-invalid" | "reset-token-used" | "reset-token-expired" | "invitation-invalid" | "invitation-used" | "invitation-expired" | "invitation-withdrawn" | "invitation-other-account" | "mass-delete-refused" | "payment-provider-error" | "sdk-not-built" | "internal-error";
            expectedVersion?: string;
            message: string;
            /** @constant */
            ok: false;
            /** @description on some 429s, which budget was used up: invalid-keys-from-address, invitations-per-hour */
            reason?: string;
            receivedVersion?: string;
            requestId: string;
        };
        GalleryEntry: {
            alt: string | null;
            caption: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            id: string;
            isPublished: boolean;
            /** @description display order, ascending; ties by createdAt */
            sortOrder: number;
            url: string;
        };
        IntegrationKey: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            createdBy: string | null;
            expiresAt: string | null;
            keyId: string;
            last4: string;
            lastUsedAt: string | null;
            name: string;
            /** @description first characters of the key, to recognise it */
            prefix: string;
            revokedAt: string | null;
            scopes: string[];
            storeId: string;
        };
        Item: {
            category: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            currency: string;
            description: string | null;
            id: string;
            imageAlt: string | null;
            imageUrl: string | null;
            imageUrls: string[];
            itemType: "product" | "service" | "course";
            name: string;
            price: number;
            priceMinor: number;
            published: boolean;
            schedule: components["schemas"]["Schedule"] | null;
            stockCount: number | null;
            storeId: string;
            type: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        Member: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            email: string;
            name: string;
            role: "owner" | "admin" | "staff";
            userId: string;
        };
        Order: {
            amountPaid: number;
            amountPaidMinor: number;
            /** @description for a deposit: the booking it holds (one line, "Deposit: {service}"); null for any other order */
            bookingId: string | null;
            checkoutUrl: string | null;
            clientOrderId: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            currency: string;
            customer: {
                email: string | null;
                name: string;
                phone: string | null;
            };
            customerId: string | null;
            delivery: {
                location: string | null;
                notes: string | null;
            } | null;
            expiresAt: string | null;
            feeBearer: "customer" | "store";
            /** @description fees added to the customer total (0 when the store bears the platform fee) */
            fees: number;
            feesMinor: number;
            items: {
                itemId: string;
                lineTotal: number;
                lineTotalMinor: number;
                name: string;
                qty: number;
                /** @description major units */
                unitPrice: number;
                unitPriceMinor: number;
            }[];
            note: string | null;
            orderId: string;
            paidAt: string | null;
            paidVia: ("callback" | "return" | "status_check" | "staff" | "counter" | "sandbox") | null;
            paymentMethod: string;
            paymentReference: string | null;
            /** @description payment_pending, paid, manual_review, refunded (a partial refund leaves it paid) */
            paymentStatus: string;
            provider: string;
            reference: string;
            /** @description refunded so far, major units (processed refunds only) */
            refunded: number;
            /** @description refunded so far, minor units (processed refunds only) */
            refundedMinor: number;
            /** @description refunds asked of the payment provider and not yet processed or failed, minor units */
            refundPendingMinor: number;
            sourceChannel: string | null;
            sourceLabel: string | null;
            /** @description who receives the total */
            split: {
                platformMinor: number;
                storeMinor: number;
            };
            /** @description pending_payment, pending_cash_collection, pending_manual, paid, pending_delivery, confirmed, payment_failed, cancelled, expired, partially_refunded, refunded */
            status: string;
            storeId: string;
            subtotal: number;
            subtotalMinor: number;
            syncStatus: string;
            /** @description what the customer pays, major units */
            total: number;
            totalMinor: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        /** @description The body of a order.created delivery: A checkout or a counter sale created an order. */
        OrderCreatedEvent: {
            /** Format: date-time */
            createdAt: string;
            data: components["schemas"]["Order"];
            /** @description evt_…, also the webhook-id header */
            id: string;
            storeId: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "order.created";
        };
        /** @description The body of a order.paid delivery: Payment of an order was confirmed. */
        OrderPaidEvent: {
            /** Format: date-time */
            createdAt: string;
            data: components["schemas"]["Order"];
            /** @description evt_…, also the webhook-id header */
            id: string;
            storeId: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "order.paid";
        };
        /** @description The body of a order.payment_failed delivery: Payment of an order was declined or failed. */
        OrderPaymentFailedEvent: {
            /** Format: date-time */
            createdAt: string;
            data: components["schemas"]["Order"];
            /** @description evt_…, also the webhook-id header */
            id: string;
            storeId: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "order.payment_failed";
        };
        /** @description The body of a order.refunded delivery: Staff refunded an order (sent with order.updated). */
        OrderRefundedEvent: {
            /** Format: date-time */
            createdAt: string;
            data: components["schemas"]["Order"];
            /** @description evt_…, also the webhook-id header */
            id: string;
            storeId: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "order.refunded";
        };
        /** @description The body of a order.updated delivery: An order changed (cancelled, expired, refunded, fulfilment). */
        OrderUpdatedEvent: {
            /** Format: date-time */
            createdAt: string;
            data: components["schemas"]["Order"];
            /** @description evt_…, also the webhook-id header */
            id: string;
            storeId: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "order.updated";
        };
        /** @description The promo: shown only between startsAt and endsAt */
        Promo: {
            body: string | null;
            ctaLabel: string | null;
            ctaUrl: string | null;
            endsAt: string | null;
            id: string;
            imageUrl: string | null;
            startsAt: string | null;
            subtitle: string | null;
            title: string;
        };
        /** @description Booking schedule of a service or course, in the store time zone. */
        Schedule: {
            /** @description free minutes kept after each booking */
            bufferMinutes: number;
            /** @description bookings per slot (default 1) */
            capacity: number;
            closedDates: string[];
            deposit?: ({
                /** @description a percentage of the price, per seat */
                percent: number;
            } | {
                /** @description a fixed amount in minor units, per seat */
                amountMinor: number;
            }) | null;
            /** @description length of one booking (default 60) */
            durationMinutes: number;
            /** @description how soon a slot can be booked */
            leadTimeMinutes: number;
            /** @description how far ahead a slot can be booked */
            maxAdvanceDays: number;
            /** @description minutes between slot starts (default 30) */
            slotIntervalMinutes: number;
            /** @description true: bookable during the store's opening hours (store settings `hours`), not closed on the store's closed dates either; weeklyHours is then ignored */
            useStoreHours?: boolean;
            weeklyHours: {
                day: "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";
                /** @description after start; 24:00 is the end of the day */
                end: string;
                start: string;
            }[];
        };
        StaffBooking: {
            /** @description paid towards the booking through its deposit, net of refunds (major units) */
            amountPaid: number;
            /** @description the same in minor units */
            amountPaidMinor: number;
            /** @description recorded by the store: attended (completed) or no_show (cancelled after its start); null until then */
            attendance: ("attended" | "no_show") | null;
            attributes: {
                [key: string]: unknown;
            };
            bookingDate: string;
            bookingId: string;
            bookingStatus: "pending" | "pending_approval" | "confirmed" | "completed" | "cancelled" | "rescheduled";
            bookingTime: string;
            /** @description set once the booking is cancelled: by whom, why (no_show for a no-show), when */
            cancellation: {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                at: string;
                by: "store" | "customer";
                reason: string | null;
            } | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            customer: {
                email: string | null;
                name: string;
                phone: string;
            };
            customerId: string | null;
            /** @description the deposit the service asked when it was booked; null when none */
            deposit: {
                amount: number;
                amountMinor: number;
                /** @description due: waiting for payment (the time is held); paid; kept: paid and the customer did not come; refunded; review: money arrived late or did not match (staff decide); unpaid: not paid in time (cancelled as deposit_unpaid) or cancelled before it was */
                state: "due" | "paid" | "kept" | "refunded" | "review" | "unpaid";
            } | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            endAt: string;
            /** @description HH:MM in the store time zone */
            endTime: string;
            /** @description the booking's page for its customer ({PUBLIC_BASE_URL}/b/<token>): see it, cancel it or move it until the store's cut-off. A secret of this booking: give it to its customer only. Works until 7 days after the booking ends. */
            manageUrl: string;
            notes: string | null;
            /** @description staff booked it over capacity or outside the service's hours (allowOverbook) */
            overbooked: boolean;
            paymentAmount: number | null;
            paymentAmountMinor: number | null;
            paymentMethod: string | null;
            paymentStatus: "payment_pending" | "paid" | "manual_review" | "refunded";
            quantity: number;
            reference: string;
            serviceId: string;
            serviceName: string;
            sourceChannel: string | null;
            /** @description the person booked, for a service with performers (see the store's staff); null otherwise */
            staffId: string | null;
            /** @description that person's display name when booked */
            staffName: string | null;
            staffNotes: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            startAt: string;
            status: "pending" | "pending_approval" | "confirmed" | "completed" | "cancelled" | "rescheduled";
            storeId: string;
            timezone: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        StaffPromo: {
            body: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            ctaLabel: string | null;
            ctaUrl: string | null;
            endsAt: string | null;
            id: string;
            imageUrl: string | null;
            startsAt: string | null;
            subtitle: string | null;
            title: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        StaffVideo: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            id: string;
            provider: string | null;
            publishedAt: string | null;
            thumbnailUrl: string | null;
            title: string;
            url: string;
        };
        Store: {
            /** @description customers may cancel or move a booking through its manage link until this many minutes before it starts (default 120) */
            cancellationCutoffMinutes: number;
            closedDates: string[];
            contact: {
                address: string | null;
                email: string | null;
                mapUrl: string | null;
                phone: string | null;
                whatsapp: string | null;
            };
            /** @description ISO 3166 alpha-2; defaults to the time zone's country (GH for Africa/Accra). Phone numbers are read in it. */
            country: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            currency: string;
            /** @description how long a booking for a service that asks a deposit holds its time while the deposit is unpaid (default 30); then it is cancelled (reason deposit_unpaid) and the time is free again */
            depositHoldMinutes: number;
            /** @description opening hours, in the store time zone (shown to customers) */
            hours: {
                day: "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";
                /** @description after start; 24:00 is the end of the day */
                end: string;
                start: string;
            }[];
            id: string;
            /** @description BCP 47 tag messages and pages are written in (dates, times, money); default en-<country> where known, else en-GB */
            locale: string;
            name: string;
            /** @description false: customers get no messages from the store */
            notificationsEnabled: boolean;
            /** @description reminder mails this many minutes before a booking starts (15 min to 7 days, at most 4); [] turns reminders off. Default [1440] */
            reminderMinutes: number[];
            settings: {
                feeBearer: "customer" | "store";
                /** @description platform fee in basis points of the subtotal */
                platformFeeBps: number;
                platformFeeFixedMinor: number;
            };
            slug: string;
            /** @description whether the hosted store page (/s/{slug}) and its booking flow (/s/{slug}/book) are open to customers (default true); off, both answer 404 */
            storePageEnabled: boolean;
            timezone: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        /** @description A catalog item of the feed. The service checks each row by these rules itself, not as part of the request: an invalid row does not fail the request with its own 400, it fails the run, which answers 400 validation-failed with one failure per bad row (row number, item id, reason) and changes nothing. */
        SyncFeedItem: {
            category?: string | null;
            description?: string | null;
            /** @description the item id chosen by the feed; once per feed */
            id: string;
            imageAlt?: string | null;
            imageUrl?: string | null;
            imageUrls?: string[];
            itemType: "product" | "service" | "course";
            name: string;
            /** @description major units; or send priceMinor */
            price?: number;
            priceMinor?: number;
            /** @description default true */
            published?: boolean;
            schedule?: {
                /** @description free minutes kept after each booking */
                bufferMinutes?: number;
                /** @description bookings per slot (default 1) */
                capacity?: number;
                closedDates?: string[];
                deposit?: ({
                    /** @description a percentage of the price, per seat */
                    percent: number;
                } | {
                    /** @description a fixed amount in minor units, per seat */
                    amountMinor: number;
                }) | null;
                /** @description length of one booking (default 60) */
                durationMinutes?: number;
                /** @description how soon a slot can be booked */
                leadTimeMinutes?: number;
                /** @description how far ahead a slot can be booked */
                maxAdvanceDays?: number;
                /** @description minutes between slot starts (default 30) */
                slotIntervalMinutes?: number;
                /** @description true: bookable during the store's opening hours (store settings `hours`), not closed on the store's closed dates either; weeklyHours is then ignored */
                useStoreHours?: boolean;
                weeklyHours?: {
                    day: "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";
                    /** @description after start; 24:00 is the end of the day */
                    end: string;
                    start: string;
                }[];
            } | null;
            stockCount?: number | null;
        } & ((unknown | unknown) & (unknown | {
            schedule?: null;
        } | {
            /** @enum {unknown} */
            itemType: "service" | "course";
        }));
        SyncRun: {
            counts: {
                created: number;
                deleted: number;
                failed: number;
                unchanged: number;
                updated: number;
            };
            durationMs: number | null;
            /** @description at most 1000 kept; counts.failed has the full number */
            failures: {
                itemId: string | null;
                reason: string;
                row: number | null;
            }[];
            finishedAt: string | null;
            kind: "sync" | "rollback";
            mode: ("full" | "upsert") | null;
            rollbackOf: string | null;
            rolledBackAt: string | null;
            rolledBackBy: string | null;
            runId: string;
            source: ("json" | "csv") | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            startedAt: string;
            status: "running" | "succeeded" | "failed" | "rolled_back";
        };
        User: {
            email: string;
            id: string;
            /** @description true while the account has the temporary password it was invited with; the console asks for a new one (POST /api/auth/password) */
            mustChangePassword: boolean;
            name: string;
        };
        Video: {
            id: string;
            provider: string | null;
            publishedAt: string | null;
            thumbnailUrl: string | null;
            title: string;
            url: string;
        };
        WebhookDelivery: {
            /** @description attempts made so far, redeliveries included */
            attemptCount: number;
            attempts: {
                attempt: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                attemptedAt: string;
                durationMs: number;
                error: string | null;
                responseBodyExcerpt: string | null;
                responseStatus: number | null;
            }[];
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            deliveryId: string;
            endpointId: string;
            eventId: string;
            eventType: string;
            /** @description attemptCount at which the current retry schedule ends */
            maxAttempts: number;
            nextAttemptAt: string | null;
            redeliveredAt: string | null;
            /** @description how many times the delivery was redelivered */
            redeliveryCount: number;
            /** @description the current schedule (after a redelivery, the fresh one); attempts keeps every attempt */
            retrySchedule: {
                at: string | null;
                attempt: number;
                /** @description wait before this attempt (WEBHOOK_RETRY_SCHEDULE) */
                delaySeconds: number;
                state: "attempted" | "planned" | "cancelled";
            }[];
            status: "pending" | "succeeded" | "retrying" | "failed";
            terminalFailure: {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                at: string;
                reason: string;
            } | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        WebhookEndpoint: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            description: string | null;
            disabledReason: string | null;
            enabled: boolean;
            endpointId: string;
            /** @description "*" (every event) or a list of event types: booking.created, booking.updated, order.created, order.updated, order.paid, order.payment_failed, blog.post.published, blog.post.updated, blog.post.unpublished, catalog.sync.succeeded, catalog.sync.failed, catalog.rolled_back, catalog.item.created, catalog.item.updated, catalog.item.deleted, customer.created, order.refunded, webhook.test */
            events: string[];
            previousSecretExpiresAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
            url: string;
        };
        /** @description Any webhook body, by its `type`. */
        WebhookEvent: components["schemas"]["BookingCreatedEvent"] | components["schemas"]["BookingUpdatedEvent"] | components["schemas"]["OrderCreatedEvent"] | components["schemas"]["OrderUpdatedEvent"] | components["schemas"]["OrderPaidEvent"] | components["schemas"]["OrderPaymentFailedEvent"] | components["schemas"]["BlogPostPublishedEvent"] | components["schemas"]["BlogPostUpdatedEvent"] | components["schemas"]["BlogPostUnpublishedEvent"] | components["schemas"]["CatalogSyncSucceededEvent"] | components["schemas"]["CatalogSyncFailedEvent"] | components["schemas"]["CatalogRolledBackEvent"] | components["schemas"]["CatalogItemCreatedEvent"] | components["schemas"]["CatalogItemUpdatedEvent"] | components["schemas"]["CatalogItemDeletedEvent"] | components["schemas"]["CustomerCreatedEvent"] | components["schemas"]["OrderRefundedEvent"] | components["schemas"]["WebhookTestEvent"];
        /** @description The body of a webhook.test delivery: The test event of POST /developer/webhooks/{endpointId}/test. */
        WebhookTestEvent: {
            /** Format: date-time */
            createdAt: string;
            data: {
                endpointId: string;
                message: string;
            };
            /** @description evt_…, also the webhook-id header */
            id: string;
            storeId: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "webhook.test";
        };
    };
    responses: {
        /** @description validation-failed (with details) or another bad-request code */
        Error400: {
            headers: {
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description unauthorized (no credentials) or invalid-api-key */
        Error401: {
            headers: {
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description forbidden: the credentials lack the scope or role */
        Error403: {
            headers: {
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description not-found, or a specific *-not-found code */
        Error404: {
            headers: {
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description conflict: slot-unavailable, out-of-stock, idempotency-key-reuse, conflict… */
        Error409: {
            headers: {
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description payload-too-large */
        Error413: {
            headers: {
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description unsupported-media-type */
        Error415: {
            headers: {
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description the request is understood but cannot be done (not-bookable, not-purchasable, item-not-found) */
        Error422: {
            headers: {
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description rate-limited: wait Retry-After seconds */
        Error429: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description internal-error: retry with backoff and log the request id */
        Error500: {
            headers: {
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description validation-failed (with details), missing-store-id, or contract-version-mismatch (with expectedVersion and receivedVersion) */
        IntegrationError400: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description unauthorized (no credentials) or invalid-api-key */
        IntegrationError401: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description forbidden: the credentials lack the scope or role */
        IntegrationError403: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description not-found, or a specific *-not-found code */
        IntegrationError404: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description conflict: slot-unavailable, out-of-stock, idempotency-key-reuse, conflict… */
        IntegrationError409: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description payload-too-large */
        IntegrationError413: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description unsupported-media-type */
        IntegrationError415: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description the request is understood but cannot be done (not-bookable, not-purchasable, item-not-found) */
        IntegrationError422: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description rate-limited: wait Retry-After seconds */
        IntegrationError429: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "Retry-After": components["headers"]["RetryAfter"];
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description internal-error: retry with backoff and log the request id */
        IntegrationError500: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description the payment provider could not be reached */
        IntegrationError502: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "x-service-contract-version": components["headers"]["ContractVersion"];
                "x-service-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description How long the answer may be cached. */
        CacheControl: string;
        /** @description The contract version the answer follows (2026-04-13). */
        ContractVersion: "2026-04-13";
        /** @description Version of the catalog; send it back in If-None-Match to get 304 when nothing changed. */
        ETag: string;
        /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
        IdempotentReplayed: "true";
        /** @description Requests allowed in the current one-minute window for this key (or address). */
        RateLimitLimit: number;
        /** @description Requests left in the current window. */
        RateLimitRemaining: number;
        /** @description Seconds until the window resets. */
        RateLimitReset: number;
        /** @description Id of this request: log it, and quote it when asking for help. */
        RequestId: string;
        /** @description Seconds to wait before retrying. */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    previewInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the token of the invitation link (…/console/accept-invite?token=…) */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitation: {
                            /** @description the invited address (the account that accepts has it) */
                            email: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            expiresAt: string;
                            invitedBy: string | null;
                            role: "owner" | "admin" | "staff";
                            storeName: string;
                        };
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the token of the invitation link (…/console/accept-invite?token=…) */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        store: {
                            id: string;
                            name: string;
                            role: "owner" | "admin" | "staff";
                            slug: string;
                        };
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    acceptInvitationWithNewAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description at least 10 characters */
                    password: string;
                    /** @description the token of the invitation link (…/console/accept-invite?token=…) */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        store: {
                            id: string;
                            name: string;
                            role: "owner" | "admin" | "staff";
                            slug: string;
                        };
                        token: string;
                        user: components["schemas"]["User"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    logIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        stores: {
                            id: string;
                            name: string;
                            role: "owner" | "admin" | "staff";
                            slug: string;
                        }[];
                        token: string;
                        user: components["schemas"]["User"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    logOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    getCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        stores: {
                            id: string;
                            name: string;
                            role: "owner" | "admin" | "staff";
                            slug: string;
                        }[];
                        user: components["schemas"]["User"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    /** @description at least 10 characters */
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        user: components["schemas"]["User"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    confirmPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description at least 10 characters */
                    newPassword: string;
                    /** @description the token of the emailed link (…/console/reset-password?token=…) */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the account, to sign in with the new password */
                        email: string;
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    signUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    name: string;
                    password: string;
                    store: {
                        currency?: string;
                        name: string;
                        slug?: string;
                        timezone?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        store: {
                            currency: string;
                            id: string;
                            name: string;
                            slug: string;
                            timezone: string;
                        };
                        /** @description staff session token (sst_…); send as Authorization: Bearer */
                        token: string;
                        user: components["schemas"]["User"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    getMyNotifications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        stores: {
                            /** @description newBooking: a booking arrives; bookingChanged: a customer cancels or moves one; newOrder: an order arrives; orderPaid: an order is paid */
                            notifications: {
                                bookingChanged: boolean;
                                newBooking: boolean;
                                newOrder: boolean;
                                orderPaid: boolean;
                            };
                            role: string;
                            storeId: string;
                            storeName: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    updateMyNotifications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    bookingChanged?: boolean;
                    newBooking?: boolean;
                    newOrder?: boolean;
                    orderPaid?: boolean;
                    storeId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        store: {
                            /** @description newBooking: a booking arrives; bookingChanged: a customer cancels or moves one; newOrder: an order arrives; orderPaid: an order is paid */
                            notifications: {
                                bookingChanged: boolean;
                                newBooking: boolean;
                                newOrder: boolean;
                                orderPaid: boolean;
                            };
                            role: string;
                            storeId: string;
                            storeName: string;
                        };
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    listPublicPosts: {
        parameters: {
            query: {
                /** @description nextCursor of the previous page (opaque) */
                cursor?: string;
                limit?: number;
                storeSlug: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            coverImageAlt: string | null;
                            coverImageUrl: string | null;
                            excerpt: string | null;
                            postSlug: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            publishedAt: string;
                            slug: string;
                            storeSlug: string;
                            title: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            updatedAt: string;
                            /** @description hosted page of the post */
                            url: string;
                        }[];
                        nextCursor: string | null;
                        ok: boolean;
                        storeSlug: string;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    getPublicPost: {
        parameters: {
            query: {
                storeSlug: string;
            };
            header?: never;
            path: {
                postSlug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description sanitized HTML */
                        contentHtml: string;
                        coverImageAlt: string | null;
                        coverImageUrl: string | null;
                        excerpt: string | null;
                        ok: boolean;
                        postSlug: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC with milliseconds
                         */
                        publishedAt: string;
                        slug: string;
                        storeSlug: string;
                        title: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC with milliseconds
                         */
                        updatedAt: string;
                        /** @description hosted page of the post */
                        url: string;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    getBlogFeed: {
        parameters: {
            query: {
                storeSlug: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RSS 2.0 document */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/rss+xml": string;
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    getStore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        store: components["schemas"]["Store"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    updateStore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description customers may cancel or move a booking through its manage link until this many minutes before it starts (default 120) */
                    cancellationCutoffMinutes?: number;
                    closedDates?: string[];
                    /** @description the fields given are set (null or "" clears one); the others stay */
                    contact?: {
                        address?: string | null;
                        email?: string | null;
                        mapUrl?: string | null;
                        phone?: string | null;
                        whatsapp?: string | null;
                    };
                    /** @description ISO 3166 alpha-2; defaults to the time zone's country (GH for Africa/Accra). Phone numbers are read in it. */
                    country?: string;
                    currency?: string;
                    /** @description how long a booking for a service that asks a deposit holds its time while the deposit is unpaid (default 30); then it is cancelled (reason deposit_unpaid) and the time is free again */
                    depositHoldMinutes?: number;
                    /** @description opening hours, in the store time zone (shown to customers) */
                    hours?: {
                        day: "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";
                        /** @description after start; 24:00 is the end of the day */
                        end: string;
                        start: string;
                    }[];
                    /** @description BCP 47 tag messages and pages are written in (dates, times, money); default en-<country> where known, else en-GB */
                    locale?: string;
                    name?: string;
                    notificationsEnabled?: boolean;
                    /** @description reminder mails this many minutes before a booking starts (15 min to 7 days, at most 4); [] turns reminders off. Default [1440] */
                    reminderMinutes?: number[];
                    settings?: {
                        feeBearer?: "customer" | "store";
                        /** @description platform fee in basis points of the subtotal */
                        platformFeeBps?: number;
                        platformFeeFixedMinor?: number;
                    };
                    /** @description owner/admin; unique across stores (409 slug-taken). Public blog URLs (/s/{slug}/blog) change with it; the old ones answer 404. */
                    slug?: string;
                    /** @description whether the hosted store page (/s/{slug}) and its booking flow (/s/{slug}/book) are open to customers (default true); off, both answer 404 */
                    storePageEnabled?: boolean;
                    timezone?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        store: components["schemas"]["Store"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    listPosts: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                status?: "draft" | "published" | "archived";
            };
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nextCursor: string | null;
                        ok: boolean;
                        posts: components["schemas"]["BlogPost"][];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    createPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description HTML; sanitized to a, p, h1–h4, ul, ol, li, strong, em, blockquote, img with http(s) URLs only */
                    contentHtml: string;
                    coverImageAlt?: string | null;
                    coverImageUrl?: string | null;
                    excerpt?: string | null;
                    slug?: string | null;
                    /** @description default draft */
                    status?: "draft" | "published";
                    /** @description 5–120 characters once surrounding spaces are dropped (runs of spaces inside are then made one) */
                    title: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        post: components["schemas"]["BlogPost"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    getPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                postId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        post: components["schemas"]["BlogPost"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    deletePost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                postId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: string;
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    updatePost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                postId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description HTML; sanitized to a, p, h1–h4, ul, ol, li, strong, em, blockquote, img with http(s) URLs only */
                    contentHtml?: string;
                    coverImageAlt?: string | null;
                    coverImageUrl?: string | null;
                    excerpt?: string | null;
                    slug?: string | null;
                    /** @description 5–120 characters once surrounding spaces are dropped (runs of spaces inside are then made one) */
                    title?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        post: components["schemas"]["BlogPost"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    publishPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                postId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        post: components["schemas"]["BlogPost"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    unpublishPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                postId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description default draft */
                    to?: "draft" | "archived";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        post: components["schemas"]["BlogPost"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    previewPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description HTML; sanitized to a, p, h1–h4, ul, ol, li, strong, em, blockquote, img with http(s) URLs only */
                    contentHtml: string;
                    coverImageAlt?: string | null;
                    coverImageUrl?: string | null;
                    excerpt?: string | null;
                    /** @description the post being edited, if saved: its slug and publishedAt are shown (404 post-not-found when unknown) */
                    postId?: string;
                    slug?: string | null;
                    /** @description 5–120 characters once surrounding spaces are dropped (runs of spaces inside are then made one) */
                    title: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the whole public post page (the template of GET /s/{storeSlug}/blog/{postSlug}) for the fields sent, sanitized the same way */
                        html: string;
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    listStoreBookings: {
        parameters: {
            query?: {
                cursor?: string;
                /** @description the bookings of one customer (cus_…) */
                customerId?: string;
                /** @description bookingDate on or after (YYYY-MM-DD) */
                from?: string;
                /** @description default 50 */
                limit?: number;
                reference?: string;
                serviceId?: string;
                status?: "pending" | "pending_approval" | "confirmed" | "completed" | "cancelled" | "rescheduled";
                /** @description bookingDate on or before (YYYY-MM-DD) */
                to?: string;
            };
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bookings: components["schemas"]["StaffBooking"][];
                        count: number;
                        nextCursor: string | null;
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    createStaffBooking: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description owners and admins: book even when the time is full or outside the service's hours (recorded as overbooked). Without it such a time is 409 slot-unavailable; a time already started is recorded as a visit (completed, attended), owners and admins only */
                    allowOverbook?: boolean;
                    /** @description {customerId}, or {name, phone?, email?}; not both */
                    customer: {
                        /** @description an existing customer (cus_…) */
                        customerId: string;
                    } | {
                        email?: string | null;
                        /** @description a new or returning customer: matched by phone (any format of the store's country) or email */
                        name: string;
                        phone?: string | null;
                    };
                    /**
                     * Format: date
                     * @description store date YYYY-MM-DD
                     */
                    date: string;
                    notes?: string | null;
                    /** @description seats (default 1) */
                    quantity?: number;
                    /** @description a service or course of the store (published or not) */
                    serviceId: string;
                    /** @description where the booking came from; becomes sourceChannel */
                    source: "walk_in" | "phone" | "whatsapp" | "social" | "other";
                    /** @description a performer of the service; without it a free one is assigned (fewest bookings that day) */
                    staffId?: string;
                    /** @description store time HH:MM */
                    time: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        booking: components["schemas"]["StaffBooking"];
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    getBooking: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bookingId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        booking: components["schemas"]["StaffBooking"];
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    updateBooking: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bookingId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description no_show: once the start has passed, cancels the booking as missed (counted on the customer, no mail); attended: completes it */
                    attendance?: "no_show" | "attended";
                    /**
                     * Format: date
                     * @description with status rescheduled: the new date (YYYY-MM-DD)
                     */
                    bookingDate?: string;
                    /** @description with status rescheduled: the new time (HH:MM) */
                    bookingTime?: string;
                    cancellationReason?: string | null;
                    paymentStatus?: "payment_pending" | "paid" | "manual_review" | "refunded";
                    /** @description move the booking to another performer of its service (at its time, or with a reschedule at the new one): 409 slot-unavailable unless they are free */
                    staffId?: string;
                    staffNotes?: string | null;
                    status?: "pending" | "pending_approval" | "confirmed" | "completed" | "cancelled" | "rescheduled";
                } & ((unknown | unknown | unknown | unknown | unknown) & ({
                    /** @constant */
                    status: "rescheduled";
                } | ({
                    status?: unknown;
                } & (unknown & unknown))) & (unknown | unknown | {
                    /** @constant */
                    attendance?: "no_show";
                    /** @constant */
                    status?: "cancelled";
                } | {
                    /** @constant */
                    attendance?: "attended";
                    /** @constant */
                    status?: "completed";
                }));
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        booking: components["schemas"]["StaffBooking"];
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    listBookingMessages: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bookingId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messages: {
                            attempts: number;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            createdAt: string;
                            /** @description the message kind (booking.confirmed, booking.reminder, alert.booking.new…) */
                            kind: string;
                            lastError: string | null;
                            messageId: string;
                            nextAttemptAt: string | null;
                            sentAt: string | null;
                            status: "pending" | "sent" | "failed";
                            subject: string | null;
                            to: string;
                        }[];
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    listStoreCustomers: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description page size, 1–100 (default 20) */
                limit?: number;
                /** @description matches name (case-insensitive), email, a tag, or phone in any format of the store's country (0207654321 finds +233207654321) */
                q?: string;
            };
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description customers on this page */
                        count: number;
                        /** @description newest first */
                        customers: components["schemas"]["Customer"][];
                        nextCursor: string | null;
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    createCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email?: string | null;
                    name: string;
                    notes?: string | null;
                    phone?: string | null;
                    /** @description staff tags (trimmed, duplicates dropped) */
                    tags?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customer: components["schemas"]["Customer"];
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customer: components["schemas"]["Customer"];
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    deleteCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: string;
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    updateCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email?: string | null;
                    name?: string;
                    notes?: string | null;
                    phone?: string | null;
                    /** @description staff tags (trimmed, duplicates dropped) */
                    tags?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customer: components["schemas"]["Customer"];
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    listGalleryEntries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        gallery: components["schemas"]["GalleryEntry"][];
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    createGalleryEntry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    alt?: string | null;
                    caption?: string | null;
                    /** @description default true; unpublished entries never reach integrations */
                    isPublished?: boolean;
                    /** @description default 0 */
                    sortOrder?: number;
                    /** @description image URL; absolute http(s) URL */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entry: components["schemas"]["GalleryEntry"];
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    deleteGalleryEntry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                entryId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: string;
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    updateGalleryEntry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                entryId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    alt?: string | null;
                    caption?: string | null;
                    /** @description default true; unpublished entries never reach integrations */
                    isPublished?: boolean;
                    /** @description default 0 */
                    sortOrder?: number;
                    /** @description image URL; absolute http(s) URL */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entry: components["schemas"]["GalleryEntry"];
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    reorderGalleryEntries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description every gallery entry id of the store, each once, in the new display order; sortOrder becomes the position (0, 1, 2…) */
                    entryIds: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        gallery: components["schemas"]["GalleryEntry"][];
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    withdrawInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invitationId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    resendInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invitationId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitation: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            createdAt: string;
                            email: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            expiresAt: string;
                            invitationId: string;
                            /** @description null when an operator invited (CLI) */
                            invitedBy: {
                                name: string;
                                userId: string;
                            } | null;
                            name: string | null;
                            role: "owner" | "admin" | "staff";
                            /** @description expired: the link no longer works; resend to make a new one */
                            status: "pending" | "expired";
                        };
                        /** @description only when mail is off: the single-use link to give the invitee */
                        inviteUrl?: string;
                        /** @description true: the link was mailed to the address (and is not shown here); false: mail is off (no SMTP_URL), pass inviteUrl on yourself */
                        mailed: boolean;
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    listItems: {
        parameters: {
            query?: {
                itemType?: "product" | "service" | "course";
            };
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["Item"][];
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    createItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    category?: string | null;
                    description?: string | null;
                    /** @description raw item id; generated when absent */
                    id?: string;
                    imageAlt?: string | null;
                    imageUrl?: string | null;
                    imageUrls?: string[];
                    itemType: "product" | "service" | "course";
                    name: string;
                    /** @description major units; or send priceMinor */
                    price?: number;
                    priceMinor?: number;
                    /** @description default true */
                    published?: boolean;
                    schedule?: {
                        /** @description free minutes kept after each booking */
                        bufferMinutes?: number;
                        /** @description bookings per slot (default 1) */
                        capacity?: number;
                        closedDates?: string[];
                        deposit?: ({
                            /** @description a percentage of the price, per seat */
                            percent: number;
                        } | {
                            /** @description a fixed amount in minor units, per seat */
                            amountMinor: number;
                        }) | null;
                        /** @description length of one booking (default 60) */
                        durationMinutes?: number;
                        /** @description how soon a slot can be booked */
                        leadTimeMinutes?: number;
                        /** @description how far ahead a slot can be booked */
                        maxAdvanceDays?: number;
                        /** @description minutes between slot starts (default 30) */
                        slotIntervalMinutes?: number;
                        /** @description true: bookable during the store's opening hours (store settings `hours`), not closed on the store's closed dates either; weeklyHours is then ignored */
                        useStoreHours?: boolean;
                        weeklyHours?: {
                            day: "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";
                            /** @description after start; 24:00 is the end of the day */
                            end: string;
                            start: string;
                        }[];
                    } | null;
                    stockCount?: number | null;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        item: components["schemas"]["Item"];
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    getItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                itemId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        item: components["schemas"]["Item"];
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    deleteItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                itemId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: string | null;
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    updateItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                itemId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    category?: string | null;
                    description?: string | null;
                    imageAlt?: string | null;
                    imageUrl?: string | null;
                    imageUrls?: string[];
                    itemType?: "product" | "service" | "course";
                    name?: string;
                    /** @description major units; or send priceMinor */
                    price?: number;
                    priceMinor?: number;
                    /** @description default true */
                    published?: boolean;
                    schedule?: {
                        /** @description free minutes kept after each booking */
                        bufferMinutes?: number;
                        /** @description bookings per slot (default 1) */
                        capacity?: number;
                        closedDates?: string[];
                        deposit?: ({
                            /** @description a percentage of the price, per seat */
                            percent: number;
                        } | {
                            /** @description a fixed amount in minor units, per seat */
                            amountMinor: number;
                        }) | null;
                        /** @description length of one booking (default 60) */
                        durationMinutes?: number;
                        /** @description how soon a slot can be booked */
                        leadTimeMinutes?: number;
                        /** @description how far ahead a slot can be booked */
                        maxAdvanceDays?: number;
                        /** @description minutes between slot starts (default 30) */
                        slotIntervalMinutes?: number;
                        /** @description true: bookable during the store's opening hours (store settings `hours`), not closed on the store's closed dates either; weeklyHours is then ignored */
                        useStoreHours?: boolean;
                        weeklyHours?: {
                            day: "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";
                            /** @description after start; 24:00 is the end of the day */
                            end: string;
                            start: string;
                        }[];
                    } | null;
                    stockCount?: number | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        item: components["schemas"]["Item"];
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    getItemAvailability: {
        parameters: {
            query: {
                /** @description ISO 8601 timestamp, or a store date YYYY-MM-DD (from its midnight) */
                from: string;
                /** @description only the times this performer is free */
                staffId?: string;
                /** @description ISO 8601 timestamp, or a store date YYYY-MM-DD (that day included); after from, at most 62 days later */
                to: string;
            };
            header?: never;
            path: {
                itemId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Availability"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    adjustStock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                itemId: string;
                storeId: string;
            };
            cookie?: never;
        };
        /** @description exactly one of add or stockCount */
        requestBody: {
            content: {
                "application/json": {
                    /** @description received (positive) or removed (negative) */
                    add: number;
                } | {
                    /** @description the count on the shelf */
                    stockCount: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        item: components["schemas"]["Item"];
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    listMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitations: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            createdAt: string;
                            email: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            expiresAt: string;
                            invitationId: string;
                            /** @description null when an operator invited (CLI) */
                            invitedBy: {
                                name: string;
                                userId: string;
                            } | null;
                            name: string | null;
                            role: "owner" | "admin" | "staff";
                            /** @description expired: the link no longer works; resend to make a new one */
                            status: "pending" | "expired";
                        }[];
                        members: components["schemas"]["Member"][];
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    inviteMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @description where the invitation link is mailed
                     */
                    email: string;
                    /** @description how the inviter knows the person (shown in the member list until they accept and choose their own) */
                    name?: string;
                    role: "owner" | "admin" | "staff";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitation: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            createdAt: string;
                            email: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            expiresAt: string;
                            invitationId: string;
                            /** @description null when an operator invited (CLI) */
                            invitedBy: {
                                name: string;
                                userId: string;
                            } | null;
                            name: string | null;
                            role: "owner" | "admin" | "staff";
                            /** @description expired: the link no longer works; resend to make a new one */
                            status: "pending" | "expired";
                        };
                        /** @description only when mail is off: the single-use link to give the invitee */
                        inviteUrl?: string;
                        /** @description true: the link was mailed to the address (and is not shown here); false: mail is off (no SMTP_URL), pass inviteUrl on yourself */
                        mailed: boolean;
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    previewMessage: {
        parameters: {
            query: {
                kind: "booking.received" | "booking.confirmed" | "booking.rescheduled" | "booking.cancelled" | "booking.reminder" | "order.received" | "order.paid" | "order.refunded" | "alert.booking.new" | "alert.booking.changed" | "alert.order.new" | "alert.order.paid";
            };
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        calendar: string | null;
                        /** @description the sender's display name */
                        from: string;
                        html: string;
                        kind: string;
                        ok: boolean;
                        replyTo: string | null;
                        subject: string;
                        text: string;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    getMailState: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        failed: number;
                        /** @description false: no SMTP_URL; messages are kept in the outbox (mail_outbox) and not sent */
                        mailEnabled: boolean;
                        ok: boolean;
                        oldestPendingAt: string | null;
                        pending: number;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    listOrders: {
        parameters: {
            query?: {
                /** @description the deposit orders of one booking (bkg_…) */
                bookingId?: string;
                cursor?: string;
                /** @description the orders of one customer (cus_…) */
                customerId?: string;
                /** @description the orders with a line of this catalog item (a report's best seller) */
                itemId?: string;
                limit?: number;
                /** @description only orders paid (payment status paid: partly refunded ones included, wholly refunded ones not) on or after this day of the store's time zone (YYYY-MM-DD); the orders a report's revenue counts */
                paidFrom?: string;
                /** @description only orders paid on or before this day of the store's time zone (YYYY-MM-DD), on or after paidFrom */
                paidTo?: string;
                /** @description one status, or several separated by commas (pending_payment,pending_cash_collection) */
                status?: string;
            };
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        nextCursor: string | null;
                        ok: boolean;
                        /** @description newest first */
                        orders: components["schemas"]["Order"][];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    createCounterSale: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description {customerId}, or {name, phone?, email?}: found by phone (any format of the store's country) or email, else added */
                    customer?: {
                        /** @description an existing customer (cus_…) */
                        customerId?: string;
                        email?: string | null;
                        name?: string;
                        phone?: string | null;
                    };
                    items: {
                        /** @description a product of the store (published or not) */
                        itemId: string;
                        qty: number;
                    }[];
                    note?: string | null;
                    /** @description true: paid now (the order is paid); false: to collect (marked paid later) */
                    paid: boolean;
                    /** @description how the customer pays (momo: mobile money) */
                    paymentMethod: "cash" | "momo" | "card" | "other";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        order: components["schemas"]["Order"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description orderId or reference */
                orderId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        order: {
                            amountPaid: number;
                            amountPaidMinor: number;
                            /** @description for a deposit: the booking it holds (one line, "Deposit: {service}"); null for any other order */
                            bookingId: string | null;
                            checkoutUrl: string | null;
                            clientOrderId: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            createdAt: string;
                            currency: string;
                            customer: {
                                email: string | null;
                                name: string;
                                phone: string | null;
                            };
                            customerId: string | null;
                            delivery: {
                                location: string | null;
                                notes: string | null;
                            } | null;
                            expiresAt: string | null;
                            feeBearer: "customer" | "store";
                            /** @description fees added to the customer total (0 when the store bears the platform fee) */
                            fees: number;
                            feesMinor: number;
                            items: {
                                itemId: string;
                                lineTotal: number;
                                lineTotalMinor: number;
                                name: string;
                                qty: number;
                                /** @description major units */
                                unitPrice: number;
                                unitPriceMinor: number;
                            }[];
                            note: string | null;
                            orderId: string;
                            paidAt: string | null;
                            paidVia: ("callback" | "return" | "status_check" | "staff" | "counter" | "sandbox") | null;
                            paymentMethod: string;
                            paymentReference: string | null;
                            /** @description payment_pending, paid, manual_review, refunded (a partial refund leaves it paid) */
                            paymentStatus: string;
                            provider: string;
                            reference: string;
                            /** @description refunded so far, major units (processed refunds only) */
                            refunded: number;
                            /** @description refunded so far, minor units (processed refunds only) */
                            refundedMinor: number;
                            /** @description refunds asked of the payment provider and not yet processed or failed, minor units */
                            refundPendingMinor: number;
                            /** @description oldest first */
                            refunds: {
                                amount: number;
                                amountMinor: number;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                createdAt: string;
                                /** @description why it failed, in the provider's words */
                                failure: string | null;
                                note: string | null;
                                processedAt: string | null;
                                /** @description paystack, sandbox, or manual (the store hands the money back itself) */
                                provider: string;
                                refundId: string;
                                requestedBy: string | null;
                                /** @description pending: asked of the payment provider (Paystack), not yet done; processed: the money is on its way back; failed: it was not refunded (see failure) */
                                status: "pending" | "processed" | "failed";
                            }[];
                            sourceChannel: string | null;
                            sourceLabel: string | null;
                            /** @description who receives the total */
                            split: {
                                platformMinor: number;
                                storeMinor: number;
                            };
                            /** @description pending_payment, pending_cash_collection, pending_manual, paid, pending_delivery, confirmed, payment_failed, cancelled, expired, partially_refunded, refunded */
                            status: string;
                            storeId: string;
                            subtotal: number;
                            subtotalMinor: number;
                            syncStatus: string;
                            /** @description what the customer pays, major units */
                            total: number;
                            totalMinor: number;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            updatedAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    cancelOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description orderId or reference */
                orderId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        order: components["schemas"]["Order"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    moveOrderFulfilment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description orderId or reference */
                orderId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    status: "pending_delivery" | "confirmed";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        order: components["schemas"]["Order"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    markOrderPaid: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description orderId or reference */
                orderId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    method?: "cash" | "manual" | "momo" | "gateway_checkout";
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        order: components["schemas"]["Order"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    refundOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description orderId or reference */
                orderId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description refund part of the payment, in minor units (default: all that is left); at most what is left */
                    amountMinor?: number;
                    note?: string;
                    /** @description put the items back in stock when this refund completes the order's (default false) */
                    restock?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        order: {
                            amountPaid: number;
                            amountPaidMinor: number;
                            /** @description for a deposit: the booking it holds (one line, "Deposit: {service}"); null for any other order */
                            bookingId: string | null;
                            checkoutUrl: string | null;
                            clientOrderId: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            createdAt: string;
                            currency: string;
                            customer: {
                                email: string | null;
                                name: string;
                                phone: string | null;
                            };
                            customerId: string | null;
                            delivery: {
                                location: string | null;
                                notes: string | null;
                            } | null;
                            expiresAt: string | null;
                            feeBearer: "customer" | "store";
                            /** @description fees added to the customer total (0 when the store bears the platform fee) */
                            fees: number;
                            feesMinor: number;
                            items: {
                                itemId: string;
                                lineTotal: number;
                                lineTotalMinor: number;
                                name: string;
                                qty: number;
                                /** @description major units */
                                unitPrice: number;
                                unitPriceMinor: number;
                            }[];
                            note: string | null;
                            orderId: string;
                            paidAt: string | null;
                            paidVia: ("callback" | "return" | "status_check" | "staff" | "counter" | "sandbox") | null;
                            paymentMethod: string;
                            paymentReference: string | null;
                            /** @description payment_pending, paid, manual_review, refunded (a partial refund leaves it paid) */
                            paymentStatus: string;
                            provider: string;
                            reference: string;
                            /** @description refunded so far, major units (processed refunds only) */
                            refunded: number;
                            /** @description refunded so far, minor units (processed refunds only) */
                            refundedMinor: number;
                            /** @description refunds asked of the payment provider and not yet processed or failed, minor units */
                            refundPendingMinor: number;
                            /** @description oldest first */
                            refunds: {
                                amount: number;
                                amountMinor: number;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                createdAt: string;
                                /** @description why it failed, in the provider's words */
                                failure: string | null;
                                note: string | null;
                                processedAt: string | null;
                                /** @description paystack, sandbox, or manual (the store hands the money back itself) */
                                provider: string;
                                refundId: string;
                                requestedBy: string | null;
                                /** @description pending: asked of the payment provider (Paystack), not yet done; processed: the money is on its way back; failed: it was not refunded (see failure) */
                                status: "pending" | "processed" | "failed";
                            }[];
                            sourceChannel: string | null;
                            sourceLabel: string | null;
                            /** @description who receives the total */
                            split: {
                                platformMinor: number;
                                storeMinor: number;
                            };
                            /** @description pending_payment, pending_cash_collection, pending_manual, paid, pending_delivery, confirmed, payment_failed, cancelled, expired, partially_refunded, refunded */
                            status: string;
                            storeId: string;
                            subtotal: number;
                            subtotalMinor: number;
                            syncStatus: string;
                            /** @description what the customer pays, major units */
                            total: number;
                            totalMinor: number;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            updatedAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    getOverview: {
        parameters: {
            query?: {
                /** @description items listed per group, 1–50 (default 10); counts are always complete */
                limit?: number;
            };
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the counts of what needs someone */
                        attention: {
                            /** @description owners only, when the server backs itself up: the last backup failed */
                            backupFailed?: boolean;
                            bookingsPendingApproval: number;
                            /** @description owners and admins only: syncFailures.count */
                            failedSyncRuns?: number;
                            /** @description owners and admins only: webhookFailures.count */
                            failedWebhookDeliveries?: number;
                            /** @description owners only, when the server backs itself up: its last backup */
                            lastBackup?: {
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                at: string;
                                error: string | null;
                                ok: boolean;
                            };
                        };
                        /** @description today's bookings, cancelled ones left out */
                        bookingsToday: {
                            count: number;
                            /** @description YYYY-MM-DD in the store time zone */
                            date: string;
                            /** @description soonest first (the first `limit`); bookingId links to the booking */
                            items: components["schemas"]["StaffBooking"][];
                        };
                        /** @description the next 7 days' bookings (from tomorrow), cancelled ones left out */
                        bookingsUpcoming: {
                            count: number;
                            /** @description YYYY-MM-DD in the store time zone */
                            from: string;
                            /** @description soonest first (the first `limit`); bookingId links to the booking */
                            items: components["schemas"]["StaffBooking"][];
                            /** @description YYYY-MM-DD in the store time zone */
                            to: string;
                        };
                        currency: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC with milliseconds
                         */
                        generatedAt: string;
                        ok: boolean;
                        /** @description paid orders not yet delivered: paid, pending_delivery */
                        ordersAwaitingDelivery: {
                            count: number;
                            /** @description true when there are more than 1000: count stops at 1000 */
                            countCapped: boolean;
                            /** @description newest first (the first `limit`) */
                            items: {
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                createdAt: string;
                                currency: string;
                                customerName: string | null;
                                expiresAt: string | null;
                                /** @description units over all lines */
                                itemsCount: number;
                                /** @description links to GET /api/stores/{storeId}/orders/{orderId} */
                                orderId: string;
                                paidAt: string | null;
                                paymentMethod: string | null;
                                paymentStatus: string;
                                reference: string;
                                status: string;
                                total: number;
                                totalMinor: number;
                            }[];
                            statuses: string[];
                        };
                        /** @description orders waiting for payment: pending_payment, pending_cash_collection, pending_manual */
                        ordersAwaitingPayment: {
                            count: number;
                            /** @description true when there are more than 1000: count stops at 1000 */
                            countCapped: boolean;
                            /** @description newest first (the first `limit`) */
                            items: {
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                createdAt: string;
                                currency: string;
                                customerName: string | null;
                                expiresAt: string | null;
                                /** @description units over all lines */
                                itemsCount: number;
                                /** @description links to GET /api/stores/{storeId}/orders/{orderId} */
                                orderId: string;
                                paidAt: string | null;
                                paymentMethod: string | null;
                                paymentStatus: string;
                                reference: string;
                                status: string;
                                total: number;
                                totalMinor: number;
                            }[];
                            statuses: string[];
                        };
                        /** @description bookings waiting for a staff decision (status pending, any date) */
                        pendingApproval: {
                            count: number;
                            /** @description soonest first (the first `limit`); bookingId links to the booking */
                            items: components["schemas"]["StaffBooking"][];
                        };
                        /** @description paid orders per day of the last 30 days (today included), as GET …/reports/sales */
                        sales: {
                            days: {
                                date: string;
                                ordersCount: number;
                                revenue: number;
                                revenueMinor: number;
                            }[];
                            /** @description YYYY-MM-DD in the store time zone */
                            from: string;
                            /** @description YYYY-MM-DD in the store time zone */
                            to: string;
                            totals: {
                                ordersCount: number;
                                revenue: number;
                                revenueMinor: number;
                            };
                        };
                        /** @description owners and admins only: which of a new store's next steps are done (the console's Today lists those left) */
                        setup?: {
                            /** @description a service or course is in the catalog (published or not) */
                            serviceAdded: boolean;
                            /** @description the store has a second member, or an invitation not yet accepted */
                            staffInvited: boolean;
                            /** @description the store has an integration key that is not revoked */
                            websiteConnected: boolean;
                        };
                        storeId: string;
                        /** @description owners and admins only: sync runs that failed in the last 7 days */
                        syncFailures?: {
                            count: number;
                            /** @description latest first (the first `limit`) */
                            items: {
                                failedCount: number;
                                /** @description the first 3 */
                                failures: {
                                    itemId: string | null;
                                    reason: string;
                                    row: number | null;
                                }[];
                                finishedAt: string | null;
                                kind: string;
                                mode: string | null;
                                /** @description links to the run in GET /developer/sync-runs */
                                runId: string;
                                source: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                startedAt: string;
                            }[];
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            since: string;
                        };
                        timezone: string;
                        /** @description YYYY-MM-DD in the store time zone */
                        today: string;
                        /** @description owners and admins only: webhook deliveries that failed for good in the last 7 days and were not redelivered since */
                        webhookFailures?: {
                            count: number;
                            /** @description failures per endpoint, most recent first */
                            endpoints: {
                                count: number;
                                enabled: boolean;
                                endpointId: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                lastFailedAt: string;
                                url: string;
                            }[];
                            /** @description latest first (the first `limit`) */
                            items: {
                                attemptCount: number;
                                /** @description with endpointId, links to the delivery (and POST …/redeliver) */
                                deliveryId: string;
                                endpointId: string;
                                eventId: string;
                                eventType: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                failedAt: string;
                                reason: string | null;
                                url: string;
                            }[];
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            since: string;
                        };
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    getStorePromo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description whether integrations see the promo right now (inside its window) */
                        active: boolean;
                        ok: boolean;
                        promo: components["schemas"]["StaffPromo"] | null;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    setStorePromo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    body?: string | null;
                    ctaLabel?: string | null;
                    ctaUrl?: string | null;
                    endsAt?: string | null;
                    imageUrl?: string | null;
                    startsAt?: string | null;
                    subtitle?: string | null;
                    title: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description whether integrations see the promo right now (inside its window) */
                        active: boolean;
                        ok: boolean;
                        promo: components["schemas"]["StaffPromo"] | null;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    deleteStorePromo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    getBookingsReport: {
        parameters: {
            query?: {
                /** @description first bookingDate counted (YYYY-MM-DD, store time zone); default: no lower bound */
                from?: string;
                /** @description last bookingDate counted, inclusive; default: no upper bound */
                to?: string;
            };
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        from: string | null;
                        ok: boolean;
                        /** @description every status, zeros included */
                        statuses: {
                            /** @description as in booking records: pending shows as pending_approval */
                            bookingStatus: string;
                            count: number;
                            status: "pending" | "confirmed" | "completed" | "cancelled" | "rescheduled";
                        }[];
                        storeId: string;
                        to: string | null;
                        total: number;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    getSalesReport: {
        parameters: {
            query: {
                /** @description first day (YYYY-MM-DD, store time zone) */
                from: string;
                /** @description how `periods` groups the days (default day; weeks start on Monday) */
                period?: "day" | "week" | "month";
                /** @description last day, inclusive; at most 366 days after from */
                to: string;
            };
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        currency: string;
                        days: {
                            date: string;
                            ordersCount: number;
                            revenue: number;
                            revenueMinor: number;
                        }[];
                        from: string;
                        ok: boolean;
                        period: "day" | "week" | "month";
                        /** @description the days grouped by `period`; the first and last are cut to the range */
                        periods: {
                            from: string;
                            /** @description the day, the week's Monday, or YYYY-MM */
                            label: string;
                            ordersCount: number;
                            revenue: number;
                            revenueMinor: number;
                            to: string;
                        }[];
                        storeId: string;
                        timezone: string;
                        to: string;
                        totals: {
                            ordersCount: number;
                            revenue: number;
                            revenueMinor: number;
                        };
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    getReportSummary: {
        parameters: {
            query: {
                /** @description first day (YYYY-MM-DD, store time zone) */
                from: string;
                /** @description last day, inclusive; at most 366 days after from */
                to: string;
            };
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bookings: {
                            /** @description completed or marked attended */
                            attended: number;
                            /** @description every status, zeros included */
                            byStatus: {
                                count: number;
                                status: string;
                            }[];
                            noShowRate: number | null;
                            noShows: number;
                            /** @description bookings with bookingDate in the period */
                            total: number;
                        };
                        busiest: {
                            /** @description bookings by starting hour, store time */
                            hours: {
                                count: number;
                                hour: number;
                            }[];
                            weekdays: {
                                count: number;
                                /** @description mon … sun */
                                day: string;
                            }[];
                        };
                        currency: string;
                        customers: {
                            new: number;
                            /** @description of those, customers before the period began */
                            returning: number;
                            /** @description customers who booked or paid in the period */
                            total: number;
                        };
                        from: string;
                        ok: boolean;
                        /** @description products sold in orders paid in the period, best revenue first (at most 20) */
                        products: {
                            itemId: string;
                            name: string;
                            ordersCount: number;
                            quantity: number;
                            /** @description major currency units */
                            revenue: number;
                            revenueMinor: number;
                        }[];
                        revenue: {
                            /** @description orders paid in the period */
                            ordersCount: number;
                            /** @description major currency units */
                            revenue: number;
                            revenueMinor: number;
                        };
                        /** @description services by bookings (at most 20); revenue: each booking's recorded payment amount, else the service's current price */
                        services: {
                            attendedCount: number;
                            /** @description bookings in the period, cancelled ones left out */
                            bookingsCount: number;
                            name: string;
                            /** @description major currency units */
                            revenue: number;
                            revenueMinor: number;
                            serviceId: string;
                        }[];
                        storeId: string;
                        timezone: string;
                        to: string;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    previewSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description days from `from` (default 7) */
                    days?: number;
                    /** @description ISO 8601 timestamp or store date YYYY-MM-DD; default now */
                    from?: string;
                    /** @description a service or course: its existing bookings take their seats in the preview */
                    itemId?: string;
                    /** @description slots returned at most (default 50) */
                    limit?: number;
                    /** @description the schedule as edited (defaults as on an item) */
                    schedule: {
                        /** @description free minutes kept after each booking */
                        bufferMinutes?: number;
                        /** @description bookings per slot (default 1) */
                        capacity?: number;
                        closedDates?: string[];
                        deposit?: ({
                            /** @description a percentage of the price, per seat */
                            percent: number;
                        } | {
                            /** @description a fixed amount in minor units, per seat */
                            amountMinor: number;
                        }) | null;
                        /** @description length of one booking (default 60) */
                        durationMinutes?: number;
                        /** @description how soon a slot can be booked */
                        leadTimeMinutes?: number;
                        /** @description how far ahead a slot can be booked */
                        maxAdvanceDays?: number;
                        /** @description minutes between slot starts (default 30) */
                        slotIntervalMinutes?: number;
                        /** @description true: bookable during the store's opening hours (store settings `hours`), not closed on the store's closed dates either; weeklyHours is then ignored */
                        useStoreHours?: boolean;
                        weeklyHours?: {
                            day: "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";
                            /** @description after start; 24:00 is the end of the day */
                            end: string;
                            start: string;
                        }[];
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description open slots in the window (slots holds the first `limit`) */
                        count: number;
                        durationMinutes: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC with milliseconds
                         */
                        from: string;
                        ok: boolean;
                        slots: {
                            /** @description seats per slot; for a service with performers, the number of performers asked about */
                            capacity: number;
                            /** @description YYYY-MM-DD in the store time zone (send as bookingDate) */
                            date: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            end: string;
                            /** @description seats left; for a service with performers, how many of them are free */
                            remaining: number;
                            /** @description a service with performers only: who is free for this slot (send one as staffId to book them) */
                            staffIds?: string[];
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            start: string;
                            /** @description HH:MM in the store time zone (send as bookingTime) */
                            time: string;
                        }[];
                        storeId: string;
                        timezone: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC with milliseconds
                         */
                        to: string;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    listStaff: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        staff: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            createdAt: string;
                            displayName: string;
                            /** @description stf_… */
                            id: string;
                            memberId: string | null;
                            photoUrl: string | null;
                            serviceIds: string[];
                            storeId: string;
                            /** @description sorted by from; instants in UTC */
                            timeOff: {
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                from: string;
                                note: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                to: string;
                            }[];
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            updatedAt: string;
                            weeklyHours: {
                                day: string;
                                end: string;
                                start: string;
                            }[];
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    createStaff: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the name customers see */
                    displayName: string;
                    memberId?: string | null;
                    photoUrl?: string | null;
                    /** @description the services and courses they perform */
                    serviceIds: string[];
                    /** @description ranges they are away (part days too) */
                    timeOff?: {
                        /** @description a date YYYY-MM-DD (from its start), a store time YYYY-MM-DDTHH:MM, or an ISO 8601 timestamp with its zone */
                        from: string;
                        note?: string | null;
                        /** @description a date YYYY-MM-DD (that day included), a store time YYYY-MM-DDTHH:MM, or an ISO 8601 timestamp with its zone; after from, within 400 days */
                        to: string;
                    }[];
                    /** @description when they work, in the store time zone; the store's hours (when set) bound them */
                    weeklyHours: {
                        /** @description mon, tue, wed, thu, fri, sat or sun */
                        day: "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";
                        /** @description HH:MM (24:00 for midnight), after start */
                        end: string;
                        /** @description HH:MM in the store time zone */
                        start: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        staff: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            createdAt: string;
                            displayName: string;
                            /** @description stf_… */
                            id: string;
                            memberId: string | null;
                            photoUrl: string | null;
                            serviceIds: string[];
                            storeId: string;
                            /** @description sorted by from; instants in UTC */
                            timeOff: {
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                from: string;
                                note: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                to: string;
                            }[];
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            updatedAt: string;
                            weeklyHours: {
                                day: string;
                                end: string;
                                start: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    getStaff: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                staffId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        staff: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            createdAt: string;
                            displayName: string;
                            /** @description stf_… */
                            id: string;
                            memberId: string | null;
                            photoUrl: string | null;
                            serviceIds: string[];
                            storeId: string;
                            /** @description sorted by from; instants in UTC */
                            timeOff: {
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                from: string;
                                note: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                to: string;
                            }[];
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            updatedAt: string;
                            weeklyHours: {
                                day: string;
                                end: string;
                                start: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    deleteStaff: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                staffId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: string;
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    updateStaff: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                staffId: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the name customers see */
                    displayName?: string;
                    /** @description time off over bookings to come is 409 conflict listing them, unless this is true (they are kept as they are) */
                    keepBookings?: boolean;
                    memberId?: string | null;
                    photoUrl?: string | null;
                    /** @description the services and courses they perform */
                    serviceIds?: string[];
                    /** @description ranges they are away (part days too) */
                    timeOff?: {
                        /** @description a date YYYY-MM-DD (from its start), a store time YYYY-MM-DDTHH:MM, or an ISO 8601 timestamp with its zone */
                        from: string;
                        note?: string | null;
                        /** @description a date YYYY-MM-DD (that day included), a store time YYYY-MM-DDTHH:MM, or an ISO 8601 timestamp with its zone; after from, within 400 days */
                        to: string;
                    }[];
                    /** @description when they work, in the store time zone; the store's hours (when set) bound them */
                    weeklyHours?: {
                        /** @description mon, tue, wed, thu, fri, sat or sun */
                        day: "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";
                        /** @description HH:MM (24:00 for midnight), after start */
                        end: string;
                        /** @description HH:MM in the store time zone */
                        start: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        staff: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            createdAt: string;
                            displayName: string;
                            /** @description stf_… */
                            id: string;
                            memberId: string | null;
                            photoUrl: string | null;
                            serviceIds: string[];
                            storeId: string;
                            /** @description sorted by from; instants in UTC */
                            timeOff: {
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                from: string;
                                note: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds
                                 */
                                to: string;
                            }[];
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            updatedAt: string;
                            weeklyHours: {
                                day: string;
                                end: string;
                                start: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    listVideos: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        videos: components["schemas"]["StaffVideo"][];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    createVideo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    provider?: string | null;
                    publishedAt?: string | null;
                    thumbnailUrl?: string | null;
                    title: string;
                    /** @description video page or embed URL; absolute http(s) URL */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        video: components["schemas"]["StaffVideo"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    deleteVideo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
                videoId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: string;
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    updateVideo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storeId: string;
                videoId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    provider?: string | null;
                    publishedAt?: string | null;
                    thumbnailUrl?: string | null;
                    title?: string;
                    /** @description video page or embed URL; absolute http(s) URL */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        video: components["schemas"]["StaffVideo"];
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    uploadImage: {
        parameters: {
            query: {
                /** @description store the image belongs to (400 missing-store-id when absent) */
                storeId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description PNG, JPEG, GIF, WebP or AVIF, at most 5 MB
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        contentType: string;
                        ok: boolean;
                        size: number;
                        url: string;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    showManagePage: {
        parameters: {
            query?: {
                done?: "moved" | "cancelled" | "booked";
                reference?: string;
                /** @description added by the payment page on the way back from paying the deposit */
                trxref?: string;
            };
            header?: never;
            path: {
                /** @description the manage token: 24 letters and digits */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the page */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description a page saying what was missing */
            400: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description the link is wrong, malformed or expired (one page for all) */
            404: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description too many requests, or too many unknown links from this address */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    showCancelBookingPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the manage token: 24 letters and digits */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the page */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description a page saying what was missing */
            400: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description the link is wrong, malformed or expired (one page for all) */
            404: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description too many requests, or too many unknown links from this address */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    cancelBookingByCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the manage token: 24 letters and digits */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description done: see the booking page (?done=moved or ?done=cancelled) */
            303: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description a page saying what was missing */
            400: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description the link is wrong, malformed or expired (one page for all) */
            404: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description refused: past the cut-off, no longer open, or the time was just taken (the page says which) */
            409: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description form too large */
            413: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description not a form */
            415: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description too many requests, or too many unknown links from this address */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    showMoveBookingPage: {
        parameters: {
            query?: {
                /** @description YYYY-MM-DD in the store's time zone; default today */
                date?: string;
            };
            header?: never;
            path: {
                /** @description the manage token: 24 letters and digits */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the page */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description a page saying what was missing */
            400: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description the link is wrong, malformed or expired (one page for all) */
            404: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description too many requests, or too many unknown links from this address */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    moveBookingByCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the manage token: 24 letters and digits */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    date: string;
                    time: string;
                };
            };
        };
        responses: {
            /** @description done: see the booking page (?done=moved or ?done=cancelled) */
            303: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description a page saying what was missing */
            400: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description the link is wrong, malformed or expired (one page for all) */
            404: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description refused: past the cut-off, no longer open, or the time was just taken (the page says which) */
            409: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description form too large */
            413: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description not a form */
            415: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description too many requests, or too many unknown links from this address */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    listKeys: {
        parameters: {
            query: {
                /** @description store identifier (required) */
                storeId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: components["schemas"]["IntegrationKey"][];
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    createKey: {
        parameters: {
            query: {
                /** @description store identifier (required) */
                storeId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    expiresAt?: string | null;
                    name?: string;
                    /** @description default: the website set */
                    scopes?: ("catalog:read" | "content:read" | "availability:read" | "bookings:read" | "bookings:write" | "checkout:write" | "orders:read" | "customers:read" | "reports:read" | "developer")[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        key: components["schemas"]["IntegrationKey"];
                        ok: boolean;
                        /** @description isk_… (shown only now) */
                        secret: string;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    revokeKey: {
        parameters: {
            query: {
                /** @description store identifier (required) */
                storeId: string;
            };
            header?: never;
            path: {
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        key: components["schemas"]["IntegrationKey"];
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    listSyncRuns: {
        parameters: {
            query: {
                cursor?: string;
                limit?: number;
                /** @description store identifier (required) */
                storeId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nextCursor: string | null;
                        ok: boolean;
                        runs: components["schemas"]["SyncRun"][];
                        storeId: string;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    createSyncRun: {
        parameters: {
            query: {
                /** @description CSV feeds: let a full feed delete more than half the catalog */
                allowMassDelete?: boolean;
                /** @description true: check the feed exactly like a real run and answer what it would change (200), without changing anything or recording a run (CSV feeds; a JSON feed may send it here or in its body) */
                dryRun?: boolean;
                /** @description full: the feed is the whole catalog (items left out are deleted); upsert: create or update the items sent, keep the rest */
                mode?: "full" | "upsert";
                /** @description store identifier (required) */
                storeId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description let a full feed delete more than half the catalog */
                    allowMassDelete?: boolean;
                    /** @description true: check the feed exactly like a real run and answer what it would change (200), without changing anything or recording a run */
                    dryRun?: boolean;
                    items: components["schemas"]["SyncFeedItem"][];
                    /** @description full: the feed is the whole catalog (items left out are deleted); upsert: create or update the items sent, keep the rest */
                    mode: "full" | "upsert";
                };
                "text/csv": string;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description every create, update and delete, in feed order then catalog order; unchanged items are left out */
                        changes: {
                            action: "create" | "update" | "delete";
                            /** @description update: the item fields whose values change (price stands for price and priceMinor); create: the fields the new item has a value for; delete: empty */
                            fields: string[];
                            itemId: string;
                        }[];
                        counts: {
                            created: number;
                            deleted: number;
                            failed: number;
                            unchanged: number;
                            updated: number;
                        };
                        /** @constant */
                        dryRun: true;
                        failures: {
                            itemId: string | null;
                            reason: string;
                            row: number | null;
                        }[];
                        ok: boolean;
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        run: components["schemas"]["SyncRun"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changes?: {
                            action: "create" | "update" | "delete";
                            /** @description update: the item fields whose values change (price stands for price and priceMinor); create: the fields the new item has a value for; delete: empty */
                            fields: string[];
                            itemId: string;
                        }[];
                        counts?: {
                            created: number;
                            deleted: number;
                            failed: number;
                            unchanged: number;
                            updated: number;
                        };
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @constant */
                        dryRun?: true;
                        error: string;
                        expectedVersion?: string;
                        failures?: {
                            itemId: string | null;
                            reason: string;
                            row: number | null;
                        }[];
                        message: string;
                        /** @constant */
                        ok: false;
                        receivedVersion?: string;
                        requestId: string;
                        run?: components["schemas"]["SyncRun"];
                    };
                };
            };
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            /** @description Default Response */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changes?: {
                            action: "create" | "update" | "delete";
                            /** @description update: the item fields whose values change (price stands for price and priceMinor); create: the fields the new item has a value for; delete: empty */
                            fields: string[];
                            itemId: string;
                        }[];
                        counts?: {
                            created: number;
                            deleted: number;
                            failed: number;
                            unchanged: number;
                            updated: number;
                        };
                        details?: {
                            field: string;
                            message: string;
                        }[];
                        /** @constant */
                        dryRun?: true;
                        error: string;
                        expectedVersion?: string;
                        failures?: {
                            itemId: string | null;
                            reason: string;
                            row: number | null;
                        }[];
                        message: string;
                        /** @constant */
                        ok: false;
                        receivedVersion?: string;
                        requestId: string;
                        run?: components["schemas"]["SyncRun"];
                    };
                };
            };
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    rollbackSyncRun: {
        parameters: {
            query: {
                /** @description store identifier (required) */
                storeId: string;
            };
            header?: never;
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        rolledBackRuns: components["schemas"]["SyncRun"][];
                        run: components["schemas"]["SyncRun"];
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query: {
                /** @description store identifier (required) */
                storeId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoints: components["schemas"]["WebhookEndpoint"][];
                        ok: boolean;
                        storeId: string;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query: {
                /** @description store identifier (required) */
                storeId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Unknown fields are refused (a caller-chosen secret, for one, is never accepted). */
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    /** @description "*" (every event) or a list of event types: booking.created, booking.updated, order.created, order.updated, order.paid, order.payment_failed, blog.post.published, blog.post.updated, blog.post.unpublished, catalog.sync.succeeded, catalog.sync.failed, catalog.rolled_back, catalog.item.created, catalog.item.updated, catalog.item.deleted, customer.created, order.refunded, webhook.test */
                    events?: ("*" | "booking.created" | "booking.updated" | "order.created" | "order.updated" | "order.paid" | "order.payment_failed" | "blog.post.published" | "blog.post.updated" | "blog.post.unpublished" | "catalog.sync.succeeded" | "catalog.sync.failed" | "catalog.rolled_back" | "catalog.item.created" | "catalog.item.updated" | "catalog.item.deleted" | "customer.created" | "order.refunded" | "webhook.test")[];
                    /** @description https URL that does not resolve to a private address (http and private addresses only with WEBHOOK_ALLOW_PRIVATE_TARGETS) */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoint: components["schemas"]["WebhookEndpoint"];
                        ok: boolean;
                        /** @description whsec_… (shown only now) */
                        secret: string;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query: {
                /** @description store identifier (required) */
                storeId: string;
            };
            header?: never;
            path: {
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpointId: string;
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query: {
                /** @description store identifier (required) */
                storeId: string;
            };
            header?: never;
            path: {
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    enabled?: boolean;
                    /** @description "*" (every event) or a list of event types: booking.created, booking.updated, order.created, order.updated, order.paid, order.payment_failed, blog.post.published, blog.post.updated, blog.post.unpublished, catalog.sync.succeeded, catalog.sync.failed, catalog.rolled_back, catalog.item.created, catalog.item.updated, catalog.item.deleted, customer.created, order.refunded, webhook.test */
                    events?: ("*" | "booking.created" | "booking.updated" | "order.created" | "order.updated" | "order.paid" | "order.payment_failed" | "blog.post.published" | "blog.post.updated" | "blog.post.unpublished" | "catalog.sync.succeeded" | "catalog.sync.failed" | "catalog.rolled_back" | "catalog.item.created" | "catalog.item.updated" | "catalog.item.deleted" | "customer.created" | "order.refunded" | "webhook.test")[];
                    /** @description true: a new whsec_ secret replaces the old one and is returned once; the old one keeps signing beside it for 24 h (as rotate-secret) */
                    rotateSecret?: boolean;
                    /** @description https URL that does not resolve to a private address (http and private addresses only with WEBHOOK_ALLOW_PRIVATE_TARGETS) */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoint: components["schemas"]["WebhookEndpoint"];
                        ok: boolean;
                        /** @description the new whsec_ secret, only when rotateSecret was true */
                        secret?: string;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                limit?: number;
                /** @description store identifier (required) */
                storeId: string;
            };
            header?: never;
            path: {
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: components["schemas"]["WebhookDelivery"][];
                        endpointId: string;
                        nextCursor: string | null;
                        ok: boolean;
                        storeId: string;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    redeliverWebhook: {
        parameters: {
            query: {
                /** @description store identifier (required) */
                storeId: string;
            };
            header?: never;
            path: {
                deliveryId: string;
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["WebhookDelivery"];
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query: {
                /** @description store identifier (required) */
                storeId: string;
            };
            header?: never;
            path: {
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoint: components["schemas"]["WebhookEndpoint"];
                        ok: boolean;
                        /** @description the new whsec_ secret (shown only now) */
                        secret: string;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    sendTestWebhook: {
        parameters: {
            query: {
                /** @description store identifier (required) */
                storeId: string;
            };
            header?: never;
            path: {
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveryId: string;
                        durationMs: number | null;
                        error: string | null;
                        eventId: string;
                        ok: boolean;
                        responseStatus: number | null;
                        /** @description succeeded or failed */
                        status: string;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                    };
                };
            };
        };
    };
    createCheckout: {
        parameters: {
            query?: never;
            header?: {
                /** @description retry-safe key, 1–255 visible ASCII: the same key with the same body within 24 h replays the first answer */
                "idempotency-key"?: string;
                /** @description contract version, 2026-04-13 */
                "x-service-contract-version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Checkout create payload, basic or extended form. Unknown fields are ignored. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CheckoutRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "idempotent-replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Checkout"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    "idempotent-replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Checkout"];
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            /** @description Every error response: ok false, a stable error code, a message, the request id, and details per field when the input was refused. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
            502: components["responses"]["IntegrationError502"];
        };
    };
    listCustomers: {
        parameters: {
            query: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description page size, 1–100 (default 20) */
                limit?: number;
                /** @description matches name (case-insensitive), email, a tag, or phone in any format of the store's country (0207654321 finds +233207654321) */
                q?: string;
                /** @description store identifier (400 missing-store-id when absent) */
                storeId: string;
            };
            header?: {
                /** @description contract version, 2026-04-13 */
                "x-service-contract-version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description customers on this page */
                        count: number;
                        /** @description newest first */
                        customers: components["schemas"]["Customer"][];
                        nextCursor: string | null;
                        ok: boolean;
                        storeId: string;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    getGallery: {
        parameters: {
            query: {
                /** @description store identifier (400 missing-store-id when absent) */
                storeId: string;
            };
            header?: {
                /** @description contract version, 2026-04-13 */
                "x-service-contract-version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description published entries with a non-empty url, by sortOrder then createdAt */
                        gallery: components["schemas"]["GalleryEntry"][];
                        ok: boolean;
                        storeId: string;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    getLegacyCatalog: {
        parameters: {
            query: {
                storeId: string;
                /** @description ISO 8601 timestamp: only items updated after it */
                updatedSince?: string;
            };
            header?: {
                /** @description contract version, 2026-04-13 */
                "x-service-contract-version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        products: {
                            currency: string;
                            id: string;
                            name: string;
                            /** @description minor units */
                            price: number;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            updatedAt: string;
                        }[];
                        storeId: string;
                    };
                };
            };
            /** @description Default Response */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    getTopSelling: {
        parameters: {
            query: {
                /** @description look-back window in days, 1–365 (default 30) */
                days?: number;
                /** @description products returned, 1–100 (default 10) */
                limit?: number;
                /** @description store identifier (400 missing-store-id when absent) */
                storeId: string;
            };
            header?: {
                /** @description contract version, 2026-04-13 */
                "x-service-contract-version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        currency: string;
                        days: number;
                        limit: number;
                        ok: boolean;
                        /** @description most units first */
                        products: {
                            name: string;
                            /** @description paid orders containing the product */
                            ordersCount: number;
                            productId: string;
                            /** @description units sold in paid orders */
                            quantity: number;
                            /** @description major units */
                            revenue: number;
                            revenueMinor: number;
                        }[];
                        storeId: string;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    getVideos: {
        parameters: {
            query: {
                /** @description store identifier (400 missing-store-id when absent) */
                storeId: string;
            };
            header?: {
                /** @description contract version, 2026-04-13 */
                "x-service-contract-version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        storeId: string;
                        /** @description newest publishedAt first; videos without publishedAt last */
                        videos: components["schemas"]["Video"][];
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    showPaymentPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reference: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/html page */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description text/html page */
            404: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    submitPaymentPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reference: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    action: "pay" | "decline" | "cancel";
                    token: string;
                };
            };
        };
        responses: {
            /** @description redirect */
            303: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    returnFromPayment: {
        parameters: {
            query?: {
                reference?: string;
                trxref?: string;
            };
            header?: never;
            path: {
                reference: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description redirect */
            303: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description text/html page */
            404: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    getPublicCatalog: {
        parameters: {
            query: {
                /** @description the store (required: 400 missing-store-id when absent or empty) */
                storeId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        currency: string;
                        ok: boolean;
                        products: {
                            category: string | null;
                            currency: string;
                            description: string | null;
                            id: string;
                            imageAlt: string | null;
                            imageUrl: string | null;
                            imageUrls: string[];
                            inStock: boolean;
                            itemType: "product" | "service" | "course";
                            name: string;
                            price: number;
                            priceMinor: number;
                            type: string;
                        }[];
                        storeId: string;
                        storeName: string;
                    };
                };
            };
            /** @description Default Response */
            304: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        database: string;
                        ok: boolean;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        database: string;
                        error: string;
                        ok: boolean;
                    };
                };
            };
        };
    };
    showStorePage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the store's slug */
                storeSlug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the page */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description no such store, or its page is turned off (one page for both) */
            404: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description too many requests */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    showBlogPage: {
        parameters: {
            query?: {
                cursor?: string;
            };
            header?: never;
            path: {
                storeSlug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the page */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description bad cursor */
            400: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description the 404 page */
            404: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    showPostPage: {
        parameters: {
            query?: {
                cursor?: string;
            };
            header?: never;
            path: {
                postSlug: string;
                storeSlug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the page */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description bad cursor */
            400: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description the 404 page */
            404: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    showBookingFlow: {
        parameters: {
            query?: {
                /** @description YYYY-MM-DD in the store's time zone; default today */
                date?: string;
                /** @description the service or course chosen */
                serviceId?: string;
                /** @description the person chosen, or "any" */
                staffId?: string;
                /** @description HH:MM: a free time of that day; shows the details form */
                time?: string;
            };
            header?: never;
            path: {
                /** @description the store's slug */
                storeSlug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the step */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description a day that cannot be chosen or a time that is not one: the time step with a notice */
            400: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description no such store, or its page is turned off */
            404: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description too many requests */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    bookOnStorePage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the store's slug */
                storeSlug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description YYYY-MM-DD in the store's time zone */
                    date: string;
                    /** @description optional, unless the service asks a deposit and the payment page needs it */
                    email?: string;
                    name: string;
                    note?: string;
                    /** @description read in the store's country when it has no + */
                    phone: string;
                    /** @description the service or course chosen */
                    serviceId: string;
                    /** @description the person chosen, or "any" */
                    staffId?: string;
                    /** @description HH:MM: the free time chosen */
                    time: string;
                    /** @description the form token the details step gave out */
                    token: string;
                    /** @description a field people never see: left empty */
                    website?: string;
                };
            };
        };
        responses: {
            /** @description booked: see the manage link (?done=booked) */
            303: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description the details form again, saying what to fix (or the form was not one of this page's, or was sent too fast) */
            400: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description no such store, or its page is turned off */
            404: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description the time was just taken: the time step with the nearest free times */
            409: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description form too large */
            413: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description not a form */
            415: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description too many bookings from this address */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    downloadClientPackage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The package (gzipped tar, as npm pack makes it) */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/gzip": string;
                };
            };
            /** @description Not modified (If-None-Match matched the ETag) */
            304: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the image */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "image/*": string;
                };
            };
            /** @description Every error response: ok false, a stable error code, a message, the request id, and details per field when the input was refused. */
            400: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "image/avif": components["schemas"]["ErrorBody"];
                    "image/gif": components["schemas"]["ErrorBody"];
                    "image/jpeg": components["schemas"]["ErrorBody"];
                    "image/png": components["schemas"]["ErrorBody"];
                    "image/webp": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error response: ok false, a stable error code, a message, the request id, and details per field when the input was refused. */
            401: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "image/avif": components["schemas"]["ErrorBody"];
                    "image/gif": components["schemas"]["ErrorBody"];
                    "image/jpeg": components["schemas"]["ErrorBody"];
                    "image/png": components["schemas"]["ErrorBody"];
                    "image/webp": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error response: ok false, a stable error code, a message, the request id, and details per field when the input was refused. */
            403: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "image/avif": components["schemas"]["ErrorBody"];
                    "image/gif": components["schemas"]["ErrorBody"];
                    "image/jpeg": components["schemas"]["ErrorBody"];
                    "image/png": components["schemas"]["ErrorBody"];
                    "image/webp": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error response: ok false, a stable error code, a message, the request id, and details per field when the input was refused. */
            404: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "image/avif": components["schemas"]["ErrorBody"];
                    "image/gif": components["schemas"]["ErrorBody"];
                    "image/jpeg": components["schemas"]["ErrorBody"];
                    "image/png": components["schemas"]["ErrorBody"];
                    "image/webp": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error response: ok false, a stable error code, a message, the request id, and details per field when the input was refused. */
            409: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "image/avif": components["schemas"]["ErrorBody"];
                    "image/gif": components["schemas"]["ErrorBody"];
                    "image/jpeg": components["schemas"]["ErrorBody"];
                    "image/png": components["schemas"]["ErrorBody"];
                    "image/webp": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error response: ok false, a stable error code, a message, the request id, and details per field when the input was refused. */
            413: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "image/avif": components["schemas"]["ErrorBody"];
                    "image/gif": components["schemas"]["ErrorBody"];
                    "image/jpeg": components["schemas"]["ErrorBody"];
                    "image/png": components["schemas"]["ErrorBody"];
                    "image/webp": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error response: ok false, a stable error code, a message, the request id, and details per field when the input was refused. */
            415: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "image/avif": components["schemas"]["ErrorBody"];
                    "image/gif": components["schemas"]["ErrorBody"];
                    "image/jpeg": components["schemas"]["ErrorBody"];
                    "image/png": components["schemas"]["ErrorBody"];
                    "image/webp": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error response: ok false, a stable error code, a message, the request id, and details per field when the input was refused. */
            422: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "image/avif": components["schemas"]["ErrorBody"];
                    "image/gif": components["schemas"]["ErrorBody"];
                    "image/jpeg": components["schemas"]["ErrorBody"];
                    "image/png": components["schemas"]["ErrorBody"];
                    "image/webp": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error response: ok false, a stable error code, a message, the request id, and details per field when the input was refused. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "image/avif": components["schemas"]["ErrorBody"];
                    "image/gif": components["schemas"]["ErrorBody"];
                    "image/jpeg": components["schemas"]["ErrorBody"];
                    "image/png": components["schemas"]["ErrorBody"];
                    "image/webp": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Every error response: ok false, a stable error code, a message, the request id, and details per field when the input was refused. */
            500: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "image/avif": components["schemas"]["ErrorBody"];
                    "image/gif": components["schemas"]["ErrorBody"];
                    "image/jpeg": components["schemas"]["ErrorBody"];
                    "image/png": components["schemas"]["ErrorBody"];
                    "image/webp": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAvailability: {
        parameters: {
            query: {
                /** @description ISO 8601 timestamp */
                from: string;
                serviceId: string;
                /** @description only the times this performer is free (a service with performers) */
                staffId?: string;
                storeId: string;
                /** @description ISO 8601 timestamp, after from, at most 62 days later */
                to: string;
            };
            header?: {
                /** @description contract version, 2026-04-13 */
                "x-service-contract-version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Availability"];
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    listBookings: {
        parameters: {
            query: {
                cursor?: string;
                /** @description bookingDate on or after (YYYY-MM-DD) */
                from?: string;
                /** @description default 50 */
                limit?: number;
                reference?: string;
                serviceId?: string;
                status?: "pending" | "pending_approval" | "confirmed" | "completed" | "cancelled" | "rescheduled";
                storeId: string;
                /** @description bookingDate on or before (YYYY-MM-DD) */
                to?: string;
            };
            header?: {
                /** @description contract version, 2026-04-13 */
                "x-service-contract-version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bookings: components["schemas"]["Booking"][];
                        count: number;
                        nextCursor: string | null;
                        ok: boolean;
                        storeId: string;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    createBooking: {
        parameters: {
            query: {
                storeId: string;
            };
            header?: {
                /** @description retry-safe key, 1–255 visible ASCII */
                "idempotency-key"?: string;
                /** @description contract version, 2026-04-13 */
                "x-service-contract-version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Booking create request: top-level payment fields or the payment object. Unknown fields are ignored. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["BookingRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "idempotent-replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        booking: components["schemas"]["Booking"];
                        bookingId: string;
                        bookingStatus: "pending" | "pending_approval" | "confirmed" | "completed" | "cancelled" | "rescheduled";
                        /** @description the booking's page for its customer (see the booking record) */
                        manageUrl: string;
                        ok: boolean;
                        /** @description present only when the service asks a deposit: what to pay. The booking holds its time until expiresAt; paid, its paymentStatus is paid; unpaid then, it is cancelled (cancellation.reason deposit_unpaid) and the time is free again. A payment arriving after that goes to the store's manual review, never double-booking the time */
                        payment?: {
                            amountDue: number;
                            amountDueMinor: number;
                            /** @description the hosted payment page: send the customer there; they come back to the booking's manage link */
                            checkoutUrl: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            expiresAt: string;
                            /** @description the deposit's order reference (v1IntegrationOrderStatus reads it) */
                            reference: string;
                        };
                        paymentStatus: "payment_pending" | "paid" | "manual_review" | "refunded";
                        /** @description IB- + 8 Crockford base32 characters */
                        reference: string;
                        status: "pending" | "pending_approval" | "confirmed" | "completed" | "cancelled" | "rescheduled";
                        storeId: string;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            /** @description Every error response: ok false, a stable error code, a message, the request id, and details per field when the input was refused. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    cancelCheckout: {
        parameters: {
            query: {
                storeId: string;
            };
            header?: {
                /** @description contract version, 2026-04-13 */
                "x-service-contract-version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the checkout's reference (or its clientOrderId) */
                    reference: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        order: components["schemas"]["Order"];
                        storeId: string;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    previewCheckout: {
        parameters: {
            query?: never;
            header?: {
                /** @description retry-safe key, 1–255 visible ASCII: the same key with the same body within 24 h replays the first answer */
                "idempotency-key"?: string;
                /** @description contract version, 2026-04-13 */
                "x-service-contract-version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Checkout create payload, basic or extended form. Unknown fields are ignored. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description informational browser total; ignored */
                    amount?: number;
                    /** @description absolute http(s) URL for cancel or failure (required for gateway checkout) */
                    cancelUrl?: string;
                    /** @description extended form; used when items is absent (then at least one) */
                    cart?: ({
                        /** @description extended form: item id */
                        id?: string;
                        /** @description raw item id (a `<storeId>_` prefix is removed); else id, else productId */
                        item_id?: string;
                        /** @description product */
                        item_type?: string;
                        /** @description must equal storeId */
                        merchant_id?: string;
                        /** @description must equal storeId */
                        merchantId?: string;
                        /** @description informational; the catalog name is used */
                        name?: string;
                        /** @description display id, for debugging only; never used for matching */
                        originalProductId?: string;
                        /** @description informational; ignored (prices come from the catalog) */
                        price?: number;
                        /** @description extended form: item id */
                        productId?: string;
                        /** @description 1–999 */
                        qty?: number;
                        /** @description 1–999 */
                        quantity?: number;
                        /** @description must equal storeId */
                        store_id?: string;
                        /** @description must equal storeId */
                        storeId?: string;
                        /** @description PRODUCT */
                        type?: string;
                        /** @description informational; ignored (prices come from the catalog) */
                        unitPrice?: number;
                    } & ((unknown | unknown | unknown) & (unknown | unknown)))[];
                    /** @description extended form duplicate of clientOrderId */
                    client_order_id?: string;
                    /** @description caller-chosen order reference; repeating it for a pending order returns that order */
                    clientOrderId?: string;
                    /** @description must be the store currency when sent */
                    currency?: string;
                    /** @description the buyer; required with a name to create an order, optional for the preview */
                    customer?: {
                        /** @description required with the paystack provider */
                        email?: string;
                        /** @description required to create an order (not for the preview) */
                        name?: string;
                        /** @description 9 to 15 digits; spaces, +, - and brackets allowed */
                        phone?: string;
                    };
                    delivery?: {
                        location?: string;
                        notes?: string;
                    };
                    /** @description the lines (both forms); at least one */
                    items?: ({
                        /** @description extended form: item id */
                        id?: string;
                        /** @description raw item id (a `<storeId>_` prefix is removed); else id, else productId */
                        item_id?: string;
                        /** @description product */
                        item_type?: string;
                        /** @description must equal storeId */
                        merchant_id?: string;
                        /** @description must equal storeId */
                        merchantId?: string;
                        /** @description informational; the catalog name is used */
                        name?: string;
                        /** @description display id, for debugging only; never used for matching */
                        originalProductId?: string;
                        /** @description informational; ignored (prices come from the catalog) */
                        price?: number;
                        /** @description extended form: item id */
                        productId?: string;
                        /** @description 1–999 */
                        qty?: number;
                        /** @description 1–999 */
                        quantity?: number;
                        /** @description must equal storeId */
                        store_id?: string;
                        /** @description must equal storeId */
                        storeId?: string;
                        /** @description PRODUCT */
                        type?: string;
                        /** @description informational; ignored (prices come from the catalog) */
                        unitPrice?: number;
                    } & ((unknown | unknown | unknown) & (unknown | unknown)))[];
                    /** @description extended form duplicate of merchantId */
                    merchant_id?: string;
                    /** @description same value as storeId */
                    merchantId?: string;
                    /** @description product */
                    orderType?: string;
                    /** @description gateway_checkout (default): hosted payment page; cash/manual/momo: order waits for staff to settle */
                    paymentMethod?: "gateway_checkout" | "cash" | "manual" | "momo";
                    /** @description absolute http(s) URL for success (required for gateway checkout) */
                    returnUrl?: string;
                    /** @description extended form duplicate */
                    source_channel?: string;
                    /** @description extended form duplicate */
                    source_label?: string;
                    /** @description e.g. client_website */
                    sourceChannel?: string;
                    /** @description free label */
                    sourceLabel?: string;
                    /** @description extended form duplicate of storeId */
                    store_id?: string;
                    /** @description store identifier (or store_id / merchantId / merchant_id) */
                    storeId?: string;
                    /** @description extended form; ignored */
                    syncRequestedAt?: string;
                    /** @description extended form; ignored */
                    syncStatus?: string;
                } & ((unknown | unknown | unknown | unknown) & (unknown | unknown));
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "idempotent-replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutPreview"];
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            /** @description Every error response: ok false, a stable error code, a message, the request id, and details per field when the input was refused. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    getOrderStatus: {
        parameters: {
            query: {
                /** @description your clientOrderId (when neither reference nor trxref is sent) */
                clientOrderId?: string;
                /** @description order reference, trxref or clientOrderId; one of reference, trxref, clientOrderId is required (400 validation-failed naming reference without) */
                reference?: string;
                /** @description store identifier (400 missing-store-id when absent) */
                storeId: string;
                /** @description the trxref the hosted page returned with (when reference is not sent) */
                trxref?: string;
            };
            header?: {
                /** @description contract version, 2026-04-13 */
                "x-service-contract-version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        order: components["schemas"]["Order"];
                        storeId: string;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    getCatalog: {
        parameters: {
            query: {
                storeId: string;
            };
            header?: {
                /** @description contract version, 2026-04-13 */
                "x-service-contract-version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["CacheControl"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Catalog"];
                };
            };
            /** @description not modified (If-None-Match) */
            304: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    getPromo: {
        parameters: {
            query: {
                /** @description store identifier (400 missing-store-id when absent) */
                storeId: string;
            };
            header?: {
                /** @description contract version, 2026-04-13 */
                "x-service-contract-version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        /** @description the current promo; null when there is none or now is outside its window */
                        promo: components["schemas"]["Promo"] | null;
                        storeId: string;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    getStoreInfo: {
        parameters: {
            query: {
                storeId: string;
            };
            header?: {
                /** @description contract version, 2026-04-13 */
                "x-service-contract-version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        /** @description What a website shows of the store: name, contact, hours, booking rules */
                        store: {
                            /** @description the store's public blog */
                            blogUrl: string;
                            bookingRules: {
                                /** @description customers may cancel or move a booking through its manage link until this many minutes before it starts (default 120) */
                                cancellationCutoffMinutes: number;
                            };
                            closedDates: string[];
                            contact: {
                                address: string | null;
                                email: string | null;
                                mapUrl: string | null;
                                phone: string | null;
                                whatsapp: string | null;
                            };
                            /** @description ISO 3166 alpha-2; defaults to the time zone's country (GH for Africa/Accra). Phone numbers are read in it. */
                            country: string;
                            currency: string;
                            /** @description opening hours, in the store time zone (shown to customers) */
                            hours: {
                                day: "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";
                                /** @description after start; 24:00 is the end of the day */
                                end: string;
                                start: string;
                            }[];
                            id: string;
                            /** @description BCP 47 tag messages and pages are written in (dates, times, money); default en-<country> where known, else en-GB */
                            locale: string;
                            name: string;
                            slug: string;
                            /** @description bookable staff (a website can offer "any stylist" or a named one); empty while the store books by capacity */
                            staff: {
                                displayName: string;
                                id: string;
                                photoUrl: string | null;
                                serviceIds: string[];
                            }[];
                            /** @description the store's hosted page for customers, when it has one */
                            storePageUrl: string | null;
                            timezone: string;
                        };
                        storeId: string;
                    };
                };
            };
            400: components["responses"]["IntegrationError400"];
            401: components["responses"]["IntegrationError401"];
            403: components["responses"]["IntegrationError403"];
            404: components["responses"]["IntegrationError404"];
            409: components["responses"]["IntegrationError409"];
            413: components["responses"]["IntegrationError413"];
            415: components["responses"]["IntegrationError415"];
            422: components["responses"]["IntegrationError422"];
            429: components["responses"]["IntegrationError429"];
            500: components["responses"]["IntegrationError500"];
        };
    };
    receivePaystackWebhook: {
        parameters: {
            query?: never;
            header: {
                "x-paystack-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The raw event Paystack sends; x-paystack-signature is the HMAC-SHA512 of these exact bytes */
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        [key: string]: unknown;
                    };
                    event: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "x-service-contract-version": components["headers"]["ContractVersion"];
                    "x-service-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        applied: boolean;
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            415: components["responses"]["Error415"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
        };
    };
    onBlogPostPublishedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description the event id (evt_…), the same on every retry: use it to ignore duplicates */
                "webhook-id": string;
                /** @description space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signatures (Standard Webhooks); two for 24 hours after a secret rotation (new and previous secret). Valid when any one matches. */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BlogPostPublishedEvent"];
            };
        };
        responses: {
            /** @description Received. Anything else (or no answer within 10 s) is retried; 410 Gone disables the endpoint. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onBlogPostUnpublishedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description the event id (evt_…), the same on every retry: use it to ignore duplicates */
                "webhook-id": string;
                /** @description space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signatures (Standard Webhooks); two for 24 hours after a secret rotation (new and previous secret). Valid when any one matches. */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BlogPostUnpublishedEvent"];
            };
        };
        responses: {
            /** @description Received. Anything else (or no answer within 10 s) is retried; 410 Gone disables the endpoint. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onBlogPostUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description the event id (evt_…), the same on every retry: use it to ignore duplicates */
                "webhook-id": string;
                /** @description space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signatures (Standard Webhooks); two for 24 hours after a secret rotation (new and previous secret). Valid when any one matches. */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BlogPostUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Anything else (or no answer within 10 s) is retried; 410 Gone disables the endpoint. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onBookingCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description the event id (evt_…), the same on every retry: use it to ignore duplicates */
                "webhook-id": string;
                /** @description space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signatures (Standard Webhooks); two for 24 hours after a secret rotation (new and previous secret). Valid when any one matches. */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BookingCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Anything else (or no answer within 10 s) is retried; 410 Gone disables the endpoint. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onBookingUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description the event id (evt_…), the same on every retry: use it to ignore duplicates */
                "webhook-id": string;
                /** @description space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signatures (Standard Webhooks); two for 24 hours after a secret rotation (new and previous secret). Valid when any one matches. */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BookingUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Anything else (or no answer within 10 s) is retried; 410 Gone disables the endpoint. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCatalogItemCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description the event id (evt_…), the same on every retry: use it to ignore duplicates */
                "webhook-id": string;
                /** @description space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signatures (Standard Webhooks); two for 24 hours after a secret rotation (new and previous secret). Valid when any one matches. */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CatalogItemCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Anything else (or no answer within 10 s) is retried; 410 Gone disables the endpoint. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCatalogItemDeletedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description the event id (evt_…), the same on every retry: use it to ignore duplicates */
                "webhook-id": string;
                /** @description space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signatures (Standard Webhooks); two for 24 hours after a secret rotation (new and previous secret). Valid when any one matches. */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CatalogItemDeletedEvent"];
            };
        };
        responses: {
            /** @description Received. Anything else (or no answer within 10 s) is retried; 410 Gone disables the endpoint. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCatalogItemUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description the event id (evt_…), the same on every retry: use it to ignore duplicates */
                "webhook-id": string;
                /** @description space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signatures (Standard Webhooks); two for 24 hours after a secret rotation (new and previous secret). Valid when any one matches. */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CatalogItemUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Anything else (or no answer within 10 s) is retried; 410 Gone disables the endpoint. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCatalogRolledBackEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description the event id (evt_…), the same on every retry: use it to ignore duplicates */
                "webhook-id": string;
                /** @description space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signatures (Standard Webhooks); two for 24 hours after a secret rotation (new and previous secret). Valid when any one matches. */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CatalogRolledBackEvent"];
            };
        };
        responses: {
            /** @description Received. Anything else (or no answer within 10 s) is retried; 410 Gone disables the endpoint. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCatalogSyncFailedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description the event id (evt_…), the same on every retry: use it to ignore duplicates */
                "webhook-id": string;
                /** @description space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signatures (Standard Webhooks); two for 24 hours after a secret rotation (new and previous secret). Valid when any one matches. */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CatalogSyncFailedEvent"];
            };
        };
        responses: {
            /** @description Received. Anything else (or no answer within 10 s) is retried; 410 Gone disables the endpoint. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCatalogSyncSucceededEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description the event id (evt_…), the same on every retry: use it to ignore duplicates */
                "webhook-id": string;
                /** @description space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signatures (Standard Webhooks); two for 24 hours after a secret rotation (new and previous secret). Valid when any one matches. */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CatalogSyncSucceededEvent"];
            };
        };
        responses: {
            /** @description Received. Anything else (or no answer within 10 s) is retried; 410 Gone disables the endpoint. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCustomerCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description the event id (evt_…), the same on every retry: use it to ignore duplicates */
                "webhook-id": string;
                /** @description space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signatures (Standard Webhooks); two for 24 hours after a secret rotation (new and previous secret). Valid when any one matches. */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomerCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Anything else (or no answer within 10 s) is retried; 410 Gone disables the endpoint. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onOrderCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description the event id (evt_…), the same on every retry: use it to ignore duplicates */
                "webhook-id": string;
                /** @description space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signatures (Standard Webhooks); two for 24 hours after a secret rotation (new and previous secret). Valid when any one matches. */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Anything else (or no answer within 10 s) is retried; 410 Gone disables the endpoint. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onOrderPaidEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description the event id (evt_…), the same on every retry: use it to ignore duplicates */
                "webhook-id": string;
                /** @description space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signatures (Standard Webhooks); two for 24 hours after a secret rotation (new and previous secret). Valid when any one matches. */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderPaidEvent"];
            };
        };
        responses: {
            /** @description Received. Anything else (or no answer within 10 s) is retried; 410 Gone disables the endpoint. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onOrderPaymentFailedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description the event id (evt_…), the same on every retry: use it to ignore duplicates */
                "webhook-id": string;
                /** @description space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signatures (Standard Webhooks); two for 24 hours after a secret rotation (new and previous secret). Valid when any one matches. */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderPaymentFailedEvent"];
            };
        };
        responses: {
            /** @description Received. Anything else (or no answer within 10 s) is retried; 410 Gone disables the endpoint. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onOrderRefundedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description the event id (evt_…), the same on every retry: use it to ignore duplicates */
                "webhook-id": string;
                /** @description space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signatures (Standard Webhooks); two for 24 hours after a secret rotation (new and previous secret). Valid when any one matches. */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderRefundedEvent"];
            };
        };
        responses: {
            /** @description Received. Anything else (or no answer within 10 s) is retried; 410 Gone disables the endpoint. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onOrderUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description the event id (evt_…), the same on every retry: use it to ignore duplicates */
                "webhook-id": string;
                /** @description space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signatures (Standard Webhooks); two for 24 hours after a secret rotation (new and previous secret). Valid when any one matches. */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Anything else (or no answer within 10 s) is retried; 410 Gone disables the endpoint. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWebhookTestEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description the event id (evt_…), the same on every retry: use it to ignore duplicates */
                "webhook-id": string;
                /** @description space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signatures (Standard Webhooks); two for 24 hours after a secret rotation (new and previous secret). Valid when any one matches. */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookTestEvent"];
            };
        };
        responses: {
            /** @description Received. Anything else (or no answer within 10 s) is retried; 410 Gone disables the endpoint. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
