// The part of h5p-standalone's API the H5P runtime page uses (the package ships no module types).
declare module 'h5p-standalone' {
  export type H5POptions = {
    h5pJsonPath: string;
    frameJs: string;
    frameCss: string;
    id?: string;
    /** 'iframe' (default): the content gets a frame of its own; 'div': it runs in the page. */
    embedType?: 'iframe' | 'div';
    frame?: boolean;
    fullScreen?: boolean;
    icon?: boolean;
    copyright?: boolean;
    export?: boolean;
    embed?: boolean;
    /** Saves every this many seconds; false keeps nothing. */
    saveFreq?: number | false;
    /** H5P core's per-sub-content user data: [{ state: <JSON string> }] for the main content. */
    contentUserData?: Record<string, string>[];
  };
  /** Renders the content into `anchor`; resolves with its id once H5P has started it. */
  export const H5P: new (anchor: HTMLElement, options: H5POptions) => Promise<string>;
}
