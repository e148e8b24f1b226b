// All screens of SPEC §2 on their URLs. Every page and layout is its own chunk, so /login loads little.
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { AdminOnlyRoute, ProtectedRoute } from './routes/protected-route';
import { RouteError } from './routes/route-error';

type PageModule = { default: ComponentType };

const lazyPage = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

export const router = createBrowserRouter([
  {
    element: <Outlet />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { path: paths.home.path, element: <Navigate to={paths.login.getHref()} replace /> },
      { path: paths.login.path, lazy: lazyPage(() => import('../features/auth/pages/login-page')) },
      { path: paths.entSession.path, lazy: lazyPage(() => import('../features/ent/pages/ent-session-page')) },
      { path: paths.entLink.path, lazy: lazyPage(() => import('../features/ent/pages/ent-link-page')) },
      { path: paths.entRefusal.path, lazy: lazyPage(() => import('../features/ent/pages/ent-refusal-page')) },
      {
        path: paths.signInLink.path,
        lazy: lazyPage(() => import('../features/auth/pages/choose-password-page')),
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            lazy: lazyPage(() => import('./routes/signed-in-providers')),
            children: [
              {
                element: <AdminOnlyRoute />,
                children: [
                  {
                    lazy: lazyPage(() => import('../components/layout/app-shell')),
                    children: [
                      {
                        path: paths.dashboard.path,
                        lazy: lazyPage(() => import('../features/dashboard/pages/dashboard-page')),
                      },
                      {
                        path: paths.schools.path,
                        lazy: lazyPage(() => import('../features/schools/pages/schools-page')),
                      },
                      {
                        path: paths.schoolsImport.path,
                        lazy: lazyPage(() => import('../features/imports/pages/schools-import-page')),
                      },
                      {
                        path: paths.schoolForm.path,
                        lazy: lazyPage(() => import('../features/schools/pages/school-form-page')),
                      },
                      {
                        path: paths.schoolFormEdit.path,
                        lazy: lazyPage(() => import('../features/schools/pages/school-form-page')),
                      },
                      {
                        path: paths.teachers.path,
                        lazy: lazyPage(() => import('../features/teachers/pages/teachers-page')),
                      },
                      {
                        path: paths.teachersImport.path,
                        lazy: lazyPage(() => import('../features/imports/pages/teachers-import-page')),
                      },
                      {
                        path: paths.teacherForm.path,
                        lazy: lazyPage(() => import('../features/teachers/pages/teacher-form-page')),
                      },
                      {
                        path: paths.teacherFormEdit.path,
                        lazy: lazyPage(() => import('../features/teachers/pages/teacher-form-page')),
                      },
                      {
                        path: paths.levels.path,
                        lazy: lazyPage(() => import('../features/curriculum/pages/levels-page')),
                      },
                      {
                        path: paths.periods.path,
                        lazy: lazyPage(() => import('../features/curriculum/pages/periods-page')),
                      },
                      {
                        path: paths.lessons.path,
                        lazy: lazyPage(() => import('../features/curriculum/pages/lessons-page')),
                      },
                      {
                        path: paths.lesson.path,
                        lazy: lazyPage(() => import('../features/curriculum/pages/lesson-page')),
                      },
                      {
                        path: paths.session.path,
                        lazy: lazyPage(() => import('../features/curriculum/pages/session-page')),
                      },
                      {
                        path: paths.activityPreview.path,
                        lazy: lazyPage(() => import('../features/curriculum/pages/activity-preview-page')),
                      },
                      {
                        path: paths.pdfPreview.path,
                        lazy: lazyPage(() => import('../features/curriculum/pages/pdf-preview-page')),
                      },
                      {
                        path: paths.options.path,
                        lazy: lazyPage(() => import('../features/options/pages/options-page')),
                      },
                      {
                        path: paths.audit.path,
                        lazy: lazyPage(() => import('../features/audit/pages/audit-page')),
                      },
                    ],
                  },
                ],
              },
              {
                // Keeps the player frame loaded from the learning table to the activity and back.
                lazy: lazyPage(() => import('../features/learner/components/player-frame-host')),
                children: [
                  {
                    lazy: lazyPage(() => import('../components/layout/learner-layout')),
                    children: [
                      {
                        path: paths.userLevels.path,
                        lazy: lazyPage(() => import('../features/learner/pages/user-levels-page')),
                      },
                      {
                        path: paths.userGroups.path,
                        lazy: lazyPage(() => import('../features/learner/pages/user-groups-page')),
                      },
                      {
                        path: paths.userTable.path,
                        lazy: lazyPage(() => import('./routes/user-table-route')),
                      },
                      {
                        path: paths.userOptions.path,
                        lazy: lazyPage(() => import('../features/account/pages/user-options-page')),
                      },
                    ],
                  },
                  {
                    path: paths.pdfViewer.path,
                    lazy: lazyPage(() => import('../features/learner/pages/pdf-viewer-page')),
                  },
                  {
                    path: paths.activityPlayer.path,
                    lazy: lazyPage(() => import('../features/learner/pages/activity-player-page')),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: lazyPage(() => import('./routes/not-found-page')) },
    ],
  },
]);
