import { createBrowserRouter } from 'react-router';
import { routeTable } from './route-table';

export const router = createBrowserRouter(routeTable);
