/** The editor's route: its own, so leaving it is a navigation the unsaved-changes guard sees; the page is a query. */
export const editorPath = (dashboardId: number, pageId?: number) => `/dashboard/${dashboardId}/edit${pageId !== undefined ? `?page=${pageId}` : ''}`;

export const pagePath = (dashboardId: number, pageId: number) => `/dashboard/${dashboardId}/page/${pageId}`;
