// A minimal H5P package built in code, with a content type of our own (H5P.ArdoiseTest 1.0): it
// shows a question, how many times it was answered (its saved state) and a button that answers
// it, sending an xAPI `completed` statement with a full score. No third-party H5P library.

export const H5P_TEST_TITLE = 'Combien font 2 + 2 ?';
export const H5P_TEST_MAX_SCORE = 3;

const library = {
  title: 'Ardoise test',
  machineName: 'H5P.ArdoiseTest',
  majorVersion: 1,
  minorVersion: 0,
  patchVersion: 0,
  runnable: 1,
  embedTypes: ['iframe'],
  preloadedJs: [{ path: 'ardoise-test.js' }],
  preloadedCss: [{ path: 'ardoise-test.css' }],
};

const h5pJson = {
  title: 'Test Ardoise',
  language: 'fr',
  mainLibrary: 'H5P.ArdoiseTest',
  embedTypes: ['iframe'],
  license: 'U',
  preloadedDependencies: [{ machineName: 'H5P.ArdoiseTest', majorVersion: 1, minorVersion: 0 }],
};

const contentType = `
H5P.ArdoiseTest = (function () {
  function ArdoiseTest(params, contentId, extras) {
    H5P.EventDispatcher.call(this);
    this.params = params;
    this.contentId = contentId;
    var state = extras && extras.previousState;
    this.answers = (state && state.answers) || 0;
  }
  ArdoiseTest.prototype = Object.create(H5P.EventDispatcher.prototype);
  ArdoiseTest.prototype.constructor = ArdoiseTest;
  ArdoiseTest.prototype.attach = function ($container) {
    var self = this;
    var root = $container.get(0);
    root.classList.add('h5p-ardoise-test');
    var question = document.createElement('h1');
    question.textContent = self.params.question;
    var count = document.createElement('p');
    var render = function () { count.textContent = 'Réponses : ' + self.answers; };
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Répondre';
    button.addEventListener('click', function () {
      self.answers += 1;
      render();
      var event = self.createXAPIEventTemplate('completed');
      event.setScoredResult(self.params.maxScore, self.params.maxScore, self, true, true);
      self.trigger(event);
    });
    root.append(question, count, button);
    render();
  };
  ArdoiseTest.prototype.getCurrentState = function () {
    return { answers: this.answers };
  };
  return ArdoiseTest;
})();
`;

/** The package's files, in a `.h5p` layout (h5p.json, content/, one folder per library). */
export function h5pTestFiles(): Record<string, string> {
  return {
    'h5p.json': JSON.stringify(h5pJson),
    'content/content.json': JSON.stringify({ question: H5P_TEST_TITLE, maxScore: H5P_TEST_MAX_SCORE }),
    'H5P.ArdoiseTest-1.0/library.json': JSON.stringify(library),
    'H5P.ArdoiseTest-1.0/ardoise-test.js': contentType,
    'H5P.ArdoiseTest-1.0/ardoise-test.css':
      '.h5p-ardoise-test { padding: 1.5rem; font-size: 1.1rem; } .h5p-ardoise-test button { padding: 0.5rem 1rem; }',
  };
}
