-- Widget layout (issue 32): a widget's width and height in the page grid, besides its order; null
-- keeps the automatic size of its type.
ALTER TABLE "dashboard_widgets" ADD COLUMN "layout" jsonb;
