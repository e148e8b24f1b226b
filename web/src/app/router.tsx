// All screens of docs/product.md#screens-and-routes on their URLs. Every page and layout is its own chunk, so /login loads little.
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { AdminOnlyRoute, ProtectedRoute, PupilOnlyRoute, StaffOnlyRoute } from './routes/protected-route';
import { RouteError } from './routes/route-error';

type PageModule = { default: ComponentType };

const lazyPage = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** A screen's route: its URL, and its page loaded as its own chunk. */
const page = (path: string, load: () => Promise<PageModule>) => ({ path, lazy: lazyPage(load) });

/** The admin's screens, in the shell with the sidebar. */
const adminPages = [
  page(paths.dashboard.path, () => import('../features/dashboard/pages/dashboard-page')),
  page(paths.schools.path, () => import('../features/schools/pages/schools-page')),
  page(paths.schoolsImport.path, () => import('../features/imports/pages/schools-import-page')),
  page(paths.schoolForm.path, () => import('../features/schools/pages/school-form-page')),
  page(paths.schoolFormEdit.path, () => import('../features/schools/pages/school-form-page')),
  page(paths.teachers.path, () => import('../features/teachers/pages/teachers-page')),
  page(paths.teachersImport.path, () => import('../features/imports/pages/teachers-import-page')),
  page(paths.teacherForm.path, () => import('../features/teachers/pages/teacher-form-page')),
  page(paths.teacherFormEdit.path, () => import('../features/teachers/pages/teacher-form-page')),
  page(paths.levels.path, () => import('../features/curriculum/pages/levels-page')),
  page(paths.periods.path, () => import('../features/curriculum/pages/periods-page')),
  page(paths.lessons.path, () => import('../features/curriculum/pages/lessons-page')),
  page(paths.lesson.path, () => import('../features/curriculum/pages/lesson-page')),
  page(paths.session.path, () => import('../features/curriculum/pages/session-page')),
  page(paths.activityPreview.path, () => import('../features/curriculum/pages/activity-preview-page')),
  page(paths.pdfPreview.path, () => import('../features/curriculum/pages/pdf-preview-page')),
  page(paths.options.path, () => import('../features/options/pages/options-page')),
  page(paths.audit.path, () => import('../features/audit/pages/audit-page')),
];

/** The teacher area's screens, in the layout with the brand on the left. */
const teacherPages = [
  page(paths.userLevels.path, () => import('../features/teacher-area/pages/user-levels-page')),
  page(paths.userGroups.path, () => import('../features/teacher-area/pages/user-groups-page')),
  page(paths.userTable.path, () => import('./routes/user-table-route')),
  page(paths.groupPupils.path, () => import('../features/pupils/pages/group-pupils-page')),
  page(paths.userOptions.path, () => import('../features/account/pages/user-options-page')),
];

export const router = createBrowserRouter([
  {
    element: <Outlet />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { path: paths.home.path, element: <Navigate to={paths.login.getHref()} replace /> },
      page(paths.login.path, () => import('../features/auth/pages/login-page')),
      page(paths.entSession.path, () => import('../features/ent/pages/ent-session-page')),
      page(paths.entLink.path, () => import('../features/ent/pages/ent-link-page')),
      page(paths.entRefusal.path, () => import('../features/ent/pages/ent-refusal-page')),
      page(paths.signInLink.path, () => import('../features/auth/pages/choose-password-page')),
      page(paths.classDoor.path, () => import('../features/pupil-space/pages/class-door-page')),
      {
        element: <ProtectedRoute />,
        children: [
          {
            lazy: lazyPage(() => import('./routes/signed-in-providers')),
            children: [
              {
                element: <AdminOnlyRoute />,
                children: [
                  { lazy: lazyPage(() => import('../components/layout/app-shell')), children: adminPages },
                ],
              },
              {
                element: <StaffOnlyRoute />,
                children: [
                  {
                    // Keeps the player frame loaded from the learning table to the activity and back.
                    lazy: lazyPage(() => import('../features/teacher-area/components/player-frame-host')),
                    children: [
                      {
                        lazy: lazyPage(() => import('../components/layout/teacher-area-layout')),
                        children: teacherPages,
                      },
                      page(paths.groupCards.path, () => import('../features/pupils/pages/group-cards-page')),
                      page(
                        paths.pdfViewer.path,
                        () => import('../features/teacher-area/pages/pdf-viewer-page'),
                      ),
                      page(
                        paths.activityPlayer.path,
                        () => import('../features/teacher-area/pages/activity-player-page'),
                      ),
                    ],
                  },
                ],
              },
              {
                element: <PupilOnlyRoute />,
                children: [
                  {
                    // The shared tablet's idle sign-out, over the space and the player.
                    lazy: lazyPage(() => import('../features/pupil-space/components/pupil-session')),
                    children: [
                      {
                        // The teacher's player, as is: its frame stays loaded from /eleve to the activity.
                        lazy: lazyPage(() => import('../features/teacher-area/components/player-frame-host')),
                        children: [
                          {
                            lazy: lazyPage(() => import('../features/pupil-space/components/pupil-layout')),
                            children: [
                              page(
                                paths.pupilHome.path,
                                () => import('../features/pupil-space/pages/pupil-home-page'),
                              ),
                            ],
                          },
                          page(
                            paths.pupilActivity.path,
                            () => import('../features/teacher-area/pages/activity-player-page'),
                          ),
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      page('*', () => import('./routes/not-found-page')),
    ],
  },
]);
