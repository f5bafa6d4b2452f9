// The web UI's entry: the app shell; every page is a chunk loaded when first shown.
import './app/app.js';
