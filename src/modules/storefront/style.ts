// The storefront's one stylesheet (the manage pages, the store page and its booking flow), inlined in
// each page: a few KB, no web fonts, no images, no script. Phone first: one column, buttons at
// least 48 px high across the width; wider screens get a centred column and side-by-side buttons.
export const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;font:17px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#f5f5f2}
.top,main{max-width:40rem;margin:0 auto;padding:1rem 1.25rem}
.top{padding-bottom:0}
.store{margin:0;font-weight:700;font-size:1.05rem;color:#3c4043;overflow-wrap:anywhere}
.store a{color:inherit;text-decoration:none;display:inline-flex;align-items:center;min-height:44px}
main{padding-bottom:2.5rem}
h1{font-size:1.6rem;line-height:1.25;margin:.25rem 0 1rem}
h2{font-size:1.15rem;line-height:1.3;margin:1.75rem 0 .75rem}
.card h2{margin-top:0}
h3{font-size:1rem;margin:1.25rem 0 .25rem}
p{margin:.5rem 0}
a{color:#0b57d0}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.card{background:#fff;border:1px solid #e0e0dc;border-radius:14px;padding:1rem 1.25rem;margin:1rem 0}
.card>:first-child{margin-top:0}
.card>:last-child{margin-bottom:0}
.details{margin:0;display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem}
.details dt{color:#5f6368}
.details dd{margin:0;font-weight:600;overflow-wrap:anywhere;min-width:0}
.status{display:inline-block;margin:0 0 .75rem;padding:.2rem .75rem;border-radius:999px;font-size:.95rem;font-weight:600;background:#e8f0fe;color:#174ea6}
.status.ok{background:#e6f4ea;color:#0d652d}
.status.wait{background:#fef7e0;color:#6b4500}
.status.off{background:#f1f3f4;color:#3c4043}
.notice{border:1px solid;border-radius:12px;padding:.75rem 1rem;margin:0 0 1rem}
.notice.success{background:#e6f4ea;border-color:#a8dab5;color:#0b5227}
.notice.warn{background:#fef7e0;border-color:#f0cf7c;color:#4d3300}
.notice.error{background:#fce8e6;border-color:#f1aca5;color:#7f1a14}
.notice strong{display:block}
.actions{display:grid;gap:.75rem;margin:1.25rem 0}
.actions form{margin:0;display:grid}
.button{display:flex;align-items:center;justify-content:center;gap:.4rem;min-height:48px;width:100%;padding:.6rem 1.25rem;border:2px solid #0b57d0;border-radius:12px;background:#0b57d0;color:#fff;font:inherit;font-weight:600;line-height:1.25;text-align:center;text-decoration:none;cursor:pointer}
.button.quiet{background:#fff;color:#0b57d0}
.button.danger{background:#b3261e;border-color:#b3261e}
.button.call{background:#0d652d;border-color:#0d652d}
.contact ul{list-style:none;margin:0;padding:0}
.contact li a{display:inline-flex;align-items:center;min-height:44px;overflow-wrap:anywhere}
.contact address{font-style:normal;margin:0 0 .75rem;overflow-wrap:anywhere}
.hours{width:100%;border-collapse:collapse;margin-top:.5rem}
.hours th,.hours td{padding:.3rem 0;text-align:left;vertical-align:top;border-top:1px solid #eee}
.hours th{font-weight:400;color:#5f6368;padding-right:1rem}
.days{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(7,minmax(0,1fr));gap:.4rem}
.days a{display:flex;flex-direction:column;align-items:center;justify-content:center;min-height:64px;padding:.25rem 0;border:1px solid #d2d2cd;border-radius:10px;background:#fff;color:inherit;font-size:.8rem;line-height:1.2;text-decoration:none}
.days a strong{font-size:1.15rem}
.days a[aria-current]{background:#0b57d0;border-color:#0b57d0;color:#fff}
.pager{display:flex;justify-content:space-between;gap:1rem;margin:.5rem 0 0}
.pager a{display:inline-flex;align-items:center;min-height:44px}
.times{display:grid;grid-template-columns:repeat(auto-fill,minmax(6.5rem,1fr));gap:.5rem;margin:.5rem 0 0}
.times .button{padding:.5rem .25rem;white-space:nowrap;font-variant-numeric:tabular-nums}
.muted{color:#5f6368}
.list{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
.list .card{margin:0}
.item h3{margin:0 0 .25rem;font-size:1.1rem;overflow-wrap:break-word}
.item .button{margin-top:.75rem}
.choice{display:flex;flex-direction:column;justify-content:center;min-height:56px;padding:.75rem 1rem;border:1px solid #d2d2cd;border-radius:12px;background:#fff;color:inherit;text-decoration:none;overflow-wrap:break-word}
.choice strong{color:#0b57d0}
.rows{list-style:none;margin:0;padding:0}
.rows li{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.25rem 1rem;padding:.6rem 0;border-top:1px solid #e0e0dc;overflow-wrap:break-word}
.rows li>:first-child{min-width:0}
.rows a,a.more{display:inline-flex;align-items:center;min-height:44px}
.price{white-space:nowrap}
.stock{display:inline-block;margin-left:.25rem;padding:0 .5rem;border-radius:999px;font-size:.85rem}
.stock.in{background:#e6f4ea;color:#0d652d}
.stock.out{background:#f1f3f4;color:#3c4043}
ul.times{list-style:none;padding:0}
.times a.button{padding:.5rem .25rem}
.field{margin:0 0 1rem}
.field label{display:block;font-weight:600;margin-bottom:.25rem}
.field input,.field textarea{display:block;width:100%;min-height:48px;padding:.6rem .75rem;border:1px solid #8a8a85;border-radius:10px;font:inherit;background:#fff;color:inherit}
.field.invalid input,.field.invalid textarea{border:2px solid #b3261e}
.hint{margin:0 0 .25rem;font-size:.9rem;color:#5f6368}
.error{margin:0 0 .25rem;font-weight:600;color:#b3261e}
.notice ul{margin:.25rem 0 0;padding-left:1.25rem}
.notice ul.times{padding-left:0}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.back{display:inline-flex;align-items:center;min-height:44px;margin-top:1rem}
@media (min-width:40rem){h1{font-size:1.9rem}.actions{grid-template-columns:1fr 1fr}.actions.one{grid-template-columns:1fr}.days a{min-height:72px}}
`;
