import { useState } from "react";

import { Icon } from "./icons";

/**
 * A click-to-load video: nothing is fetched from the video host until the visitor asks.
 * With JavaScript off the facade is a plain link to the video.
 */
export function VideoFacade({ youtubeId, title }: { youtubeId: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <div className="video-frame">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${youtubeId}?autoplay=1&rel=0`}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          width={960}
          height={540}
        />
      </div>
    );
  }
  return (
    <a
      className="video-frame video-facade"
      href={`https://www.youtube.com/watch?v=${youtubeId}`}
      onClick={(event) => {
        event.preventDefault();
        setPlaying(true);
      }}
    >
      <span className="video-play" aria-hidden="true">
        <Icon name="play" />
      </span>
      <span className="video-label">Play video: {title}</span>
    </a>
  );
}
