// A real CAS 3.0 server for the tests: Debian's django-cas-server (importable by Debian's own
// /usr/bin/python3 only) with its test authentication backend, which knows one user and their
// attributes. Version check and CDN assets are off (no internet here). One per test file.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FormBrowser, readForm } from './browser-form.js';
import { awaitFolderServer, freePort } from './processes.js';

const PYTHON = '/usr/bin/python3';

export type CasUser = { username: string; password: string; attributes: Record<string, string | string[]> };

export type CasServer = { url: string; close(): Promise<void> };

/** Starts the server; `servicePattern` is the regular expression of the services it serves. */
export async function startCasServer(options: { user: CasUser; servicePattern: string }): Promise<CasServer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-cas-'));
  const port = await freePort();
  const harness = {
    database: path.join(dir, 'cas.sqlite3'),
    user: options.user,
    servicePattern: options.servicePattern,
    attributes: Object.keys(options.user.attributes),
  };
  await fs.writeFile(path.join(dir, 'harness.json'), JSON.stringify(harness));
  await fs.writeFile(
    path.join(dir, 'cas_settings.py'),
    `import json, os
HARNESS = json.load(open(os.path.join(os.path.dirname(__file__), 'harness.json')))
SECRET_KEY = 'ardoise-test-only-not-a-secret-0123456789'
DEBUG = False
ALLOWED_HOSTS = ['127.0.0.1']
INSTALLED_APPS = ['django.contrib.auth', 'django.contrib.contenttypes', 'django.contrib.sessions',
                  'django.contrib.messages', 'cas_server']
MIDDLEWARE = ['django.contrib.sessions.middleware.SessionMiddleware',
              'django.middleware.common.CommonMiddleware', 'django.middleware.csrf.CsrfViewMiddleware',
              'django.contrib.auth.middleware.AuthenticationMiddleware',
              'django.contrib.messages.middleware.MessageMiddleware', 'django.middleware.locale.LocaleMiddleware']
ROOT_URLCONF = 'cas_urls'
TEMPLATES = [{'BACKEND': 'django.template.backends.django.DjangoTemplates', 'APP_DIRS': True,
              'OPTIONS': {'context_processors': ['django.template.context_processors.request',
                                                 'django.contrib.messages.context_processors.messages']}}]
DATABASES = {'default': {'ENGINE': 'django.db.backends.sqlite3', 'NAME': HARNESS['database']}}
DEFAULT_AUTO_FIELD = 'django.db.models.AutoField'
USE_TZ = True
LANGUAGE_CODE = 'fr'
STATIC_URL = '/static/'
CAS_AUTH_CLASS = 'cas_server.auth.TestAuthUser'
CAS_TEST_USER = HARNESS['user']['username']
CAS_TEST_PASSWORD = HARNESS['user']['password']
CAS_TEST_ATTRIBUTES = HARNESS['user']['attributes']
CAS_NEW_VERSION_HTML_WARNING = False
CAS_NEW_VERSION_EMAIL_WARNING = False
CAS_SHOW_POWERED = False
CAS_COMPONENT_URLS = {}
`,
  );
  await fs.writeFile(
    path.join(dir, 'cas_urls.py'),
    "from django.urls import include, path\nurlpatterns = [path('cas/', include('cas_server.urls', namespace='cas_server'))]\n",
  );
  // The services it serves and the attributes it releases to them.
  await fs.writeFile(
    path.join(dir, 'cas_setup.py'),
    `import django
django.setup()
from cas_server.models import ServicePattern, ReplaceAttributName
from django.conf import settings
pattern = ServicePattern.objects.create(pos=1, name='ardoise', pattern=settings.HARNESS['servicePattern'])
for name in settings.HARNESS['attributes']:
    ReplaceAttributName.objects.create(name=name, service_pattern=pattern)
`,
  );
  const env = { ...process.env, DJANGO_SETTINGS_MODULE: 'cas_settings', PYTHONPATH: dir };
  for (const args of [['-m', 'django', 'migrate', '-v0'], [path.join(dir, 'cas_setup.py')]]) {
    const run = spawnSync(PYTHON, args, { env, cwd: dir, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`django-cas-server setup failed: ${run.stderr}`);
  }
  const child: ChildProcess = spawn(
    PYTHON,
    ['-m', 'django', 'runserver', `127.0.0.1:${port}`, '--noreload'],
    { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const url = `http://127.0.0.1:${port}/cas`;
  const { close } = await awaitFolderServer(child, `${url}/login`, dir);
  return { url, close };
}

/** Walks the CAS login page as a browser would, from Ardoise's redirect to the callback URL the
 * server sends the browser back to (with its ticket). */
export async function signInAtCas(
  casLoginUrl: string,
  user: { username: string; password: string },
): Promise<string> {
  const browser = new FormBrowser();
  const page = await browser.request(casLoginUrl);
  const form = readForm(page);
  const answer = await browser.request(form.action, {
    form: { ...form.fields, username: user.username, password: user.password },
  });
  if (!answer.location) throw new Error(`CAS did not send the browser back: ${answer.html.slice(0, 500)}`);
  return answer.location;
}
