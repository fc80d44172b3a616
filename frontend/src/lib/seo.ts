/**
 * schema.org JSON-LD builders. Paths stay relative here; the server turns every value that starts
 * with '/' under url/item/target/@id into an absolute URL on config.publicUrl.
 */
export function itemList(items: { name: string; path: string }[], name?: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    ...(name ? { name } : {}),
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, url: item.path })),
  };
}

export function breadcrumbs(items: { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: item.path })),
  };
}
