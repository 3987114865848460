// Sinew's web components. Importing this module registers <sinew-editor>, <sinew-viewport>,
// <sinew-inspector> and <sinew-app> (and the small elements they use); importing it twice is harmless.
import { SinewApp } from './app/sinew-app';
import { SinewField } from './editor/field-control';
import { SinewMenu } from './editor/menu';
import { SinewMinimap } from './editor/minimap';
import { SinewNodeElement, SinewSocketElement, SinewWireElement } from './editor/node-view';
import { SinewNumber } from './editor/number-field';
import { SinewEditor } from './editor/sinew-editor';
import { SinewProfiler } from './editor/profiler-panel';
import { SinewWatches } from './editor/watches';
import { SinewDriverExpression } from './inspector/driver-expression';
import { SinewInspector } from './inspector/sinew-inspector';
import { SinewRigControls } from './controls/sinew-rig-controls';
import { defineElement } from './register';
import { SinewTimeline } from './timeline/sinew-timeline';
import { SinewViewport } from './viewport/sinew-viewport';

defineElement('sinew-number', SinewNumber);
defineElement('sinew-field', SinewField);
defineElement('sinew-menu', SinewMenu);
defineElement('sinew-minimap', SinewMinimap);
defineElement('sinew-node', SinewNodeElement);
defineElement('sinew-socket', SinewSocketElement);
defineElement('sinew-wire', SinewWireElement);
defineElement('sinew-editor', SinewEditor);
defineElement('sinew-profiler', SinewProfiler);
defineElement('sinew-watches', SinewWatches);
defineElement('sinew-viewport', SinewViewport);
defineElement('sinew-driver-expression', SinewDriverExpression);
defineElement('sinew-inspector', SinewInspector);
defineElement('sinew-rig-controls', SinewRigControls);
defineElement('sinew-timeline', SinewTimeline);
defineElement('sinew-app', SinewApp);

export { SinewApp, SinewEditor, SinewInspector, SinewTimeline, SinewViewport };
export { Session, emptyGraph } from './model/session';
export type { ChangeReason, SessionCharacter, SessionDocument, SessionEdit, SessionEvents } from './model/session';
export { sceneEdit } from './model/session-edits';
export type { SceneEdit } from './model/scene-edits';
export type { ErrorDetail, GraphChangeDetail, LoadOutcome, PoseChangeDetail } from './model/embed-api';
export type { NodeIssue } from './model/live-rig';
export { defineElement } from './register';

declare global {
  interface HTMLElementTagNameMap {
    'sinew-app': SinewApp;
    'sinew-editor': SinewEditor;
    'sinew-viewport': SinewViewport;
    'sinew-inspector': SinewInspector;
    'sinew-rig-controls': SinewRigControls;
    'sinew-timeline': SinewTimeline;
  }
}
